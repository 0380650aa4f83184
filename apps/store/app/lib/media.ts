export type ImageSource = { type: string; srcSet: string };
/** Everything an `<img>`/`<picture>` needs: a fallback src, one srcset per format, and the size. */
export type ImageView = {
  id: number;
  alt: string;
  width: number;
  height: number;
  src: string;
  /** The largest JPEG, for zoom and lightboxes. */
  large: string;
  sources: ImageSource[];
};
