// The bench's document figures (issue 45): each page's HTML as a guest's browser receives it, its
// size as sent (gzip) and its parts: the inlined stylesheet, the strings, the loader data, the
// module list (modulepreload links, React Router's manifest and route-module scripts, and the loader
// that adds them after the first paint), JSON-LD, the other inline scripts, and the rest (the markup).
import { gzipSync } from "node:zlib";

/** Splits a document into its parts' bytes (uncompressed). */
export function documentParts(html) {
  const parts = {
    stylesheet: 0,
    strings: 0,
    "loader data": 0,
    modules: 0,
    "json-ld": 0,
    "other scripts": 0,
  };
  const add = (part, text) => {
    parts[part] += Buffer.byteLength(text);
  };
  for (const [element] of html.matchAll(/<style[^>]*>[\s\S]*?<\/style>/g)) add("stylesheet", element);
  for (const [element] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) add("modules", element);
  for (const [element] of html.matchAll(/<link[^>]*id="vitrine-translations"[^>]*>/g))
    add("strings", element);
  for (const [element] of html.matchAll(/<script[^>]*>[\s\S]*?<\/script>/g)) {
    const opening = element.slice(0, element.indexOf(">") + 1);
    if (opening.includes('id="vitrine-translations"')) add("strings", element);
    else if (opening.includes("application/ld+json")) add("json-ld", element);
    else if (element.includes("streamController")) add("loader data", element);
    else if (
      element.includes("__reactRouterContext") ||
      element.includes("__reactRouterRouteModules") ||
      /\}\)\(document,\[[^\]]*\]\)<\/script>$/.test(element)
    )
      add("modules", element);
    else add("other scripts", element);
  }
  const total = Buffer.byteLength(html);
  const counted = Object.values(parts).reduce((sum, bytes) => sum + bytes, 0);
  return { total, gzip: gzipSync(html).length, ...parts, markup: total - counted };
}

/** The guest documents of `pagePaths` (`[name, path]` pairs), each split into its parts. */
export async function documentFigures(base, pagePaths) {
  const figures = [];
  for (const [page, pagePath] of pagePaths) {
    const html = await (await fetch(base + pagePath)).text();
    figures.push({ page, ...documentParts(html) });
  }
  return figures;
}

export function printDocuments(figures) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)}`;
  const columns = [
    "total",
    "gzip",
    "stylesheet",
    "strings",
    "loader data",
    "modules",
    "json-ld",
    "other scripts",
    "markup",
  ];
  console.log(
    "\nDocuments (guest, KB; gzip is the whole document as sent compressed, the rest uncompressed):",
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(i === 0 ? 9 : 14)).join("");
  console.log(line(["page", ...columns]));
  for (const figure of figures) {
    if (figure.error) console.log(line([figure.page, `failed: ${figure.error}`]));
    else console.log(line([figure.page, ...columns.map((column) => kb(figure[column]))]));
  }
}
