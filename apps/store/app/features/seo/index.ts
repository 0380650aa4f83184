export { SeoLinks } from "./seo-links.tsx";
