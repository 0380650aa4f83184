/**
 * A slug made from text, as WordPress's sanitize_title makes one ("Reduced rate" → "reduced-rate"):
 * accents dropped, lowercase ASCII letters and digits in words joined by hyphens, at most
 * `maxLength` characters and never ending in a hyphen. Pure: the services and the resource
 * schemas share it.
 */
export function slugOfText(text: string, maxLength: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
