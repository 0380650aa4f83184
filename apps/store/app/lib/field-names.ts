/** Form field name of one text in one language: `block-{id}-{path}-{locale}`, or `title-{locale}`. */
export function textFieldName(blockId: number | null, path: string, locale: string): string {
  return blockId === null ? `title-${locale}` : `block-${blockId}-${path}-${locale}`;
}
