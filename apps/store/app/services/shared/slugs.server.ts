import { slugOfText } from "../../lib/slugs.ts";

/** A slug made from text: lowercase ASCII letters and digits in words joined by hyphens, at most 120 characters. */
export function slugify(text: string): string {
  return slugOfText(text, 120);
}
