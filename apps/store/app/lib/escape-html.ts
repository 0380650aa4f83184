const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for HTML content and quoted attribute values (for pages and mails built as strings). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * Attribute values and text as React writes them, back to what they say: the entities React (and
 * `escapeHtml`) use, nothing else.
 */
export function unescapeHtml(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, entity: string) =>
    entity === "amp" ? "&" : entity === "lt" ? "<" : entity === "gt" ? ">" : entity === "quot" ? '"' : "'",
  );
}
