export { RichText } from "./rich-text.tsx";
