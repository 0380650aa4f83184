export { type MediaItem, MediaLibrary } from "./media-library.tsx";
