export { BlockEditLinks } from "./block-edit-links.tsx";
export { PageBlocks } from "./page-blocks.tsx";
export { PhotoFeed } from "./photo-feed.tsx";
export { RichText } from "./rich-text.tsx";
