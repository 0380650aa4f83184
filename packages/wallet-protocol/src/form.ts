/**
 * Nested objects sent as form data with bracketed keys (spec §7 call 11): `encrypted_data[data][iv]`.
 * The reading side refuses keys that would reach an object's prototype and bounds depth and size.
 */
export function toBracketedFormData(prefix: string, value: unknown): Array<[string, string]> {
  if (value === null || value === undefined) return [];
  if (typeof value !== "object") return [[prefix, String(value)]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    toBracketedFormData(`${prefix}[${key}]`, inner),
  );
}

const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"]);
const MAX_DEPTH = 8;
const MAX_FIELDS = 500;

type Tree = { [key: string]: Tree | string };

/** The nested object behind `name[a][b]=…` fields (numeric keys stay object keys); null if malformed. */
export function fromBracketedForm(entries: Iterable<[string, string]>, name: string): Tree | null {
  const root: Tree = Object.create(null);
  let count = 0;
  for (const [key, value] of entries) {
    if (!key.startsWith(`${name}[`)) continue;
    if (++count > MAX_FIELDS) return null;
    const path = key.slice(name.length).match(/^(\[[^[\]]*\])+$/)?.[0];
    if (!path) return null;
    const keys = [...path.matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1] ?? "");
    if (keys.length > MAX_DEPTH || keys.some((part) => part === "" || FORBIDDEN.has(part))) return null;
    let node = root;
    for (const part of keys.slice(0, -1)) {
      const next = node[part];
      if (typeof next === "string") return null;
      node[part] = next ?? Object.create(null);
      node = node[part] as Tree;
    }
    const last = keys[keys.length - 1]!;
    if (typeof node[last] === "object") return null;
    node[last] = value;
  }
  return count === 0 ? null : root;
}
