// Rich text and its lightbox (decision 0027): what content blocks and product descriptions draw.
export { RichText, useContentLightbox } from "./rich-text.tsx";
