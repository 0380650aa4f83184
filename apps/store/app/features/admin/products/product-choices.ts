/** What the product form offers to choose from: the attributes with their terms, and the media library's pictures. */

export type AttributeChoice = {
  id: number;
  label: Record<string, string>;
  terms: Array<{ id: number; label: Record<string, string> }>;
};

export type MediaChoice = { id: number; name: string; thumbnail: string | null };
