/**
 * Reading server-rendered HTML in tests without a DOM: the attributes of one element, found by its
 * id, whatever order React wrote them in.
 */
export function attributesById(html: string, id: string): Record<string, string> {
  const tag = html.match(new RegExp(`<[a-z]+\\b[^>]*\\sid="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no element #${id}`);
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/\s([\w:-]+)(?:="([^"]*)")?/g)) attributes[name!] = value ?? "";
  return attributes;
}
