import { unescapeHtml } from "./escape-html.ts";

/**
 * The part of a stylesheet a document uses (issue 45, decision 0085): every rule whose selectors
 * could match something in the document's markup, and every rule that names no class (the base
 * styles, custom properties, `@property`, `@keyframes`). A page inlines this part, a tenth to a third
 * of the whole, and the browser loads the whole file before the page's scripts change anything.
 *
 * A rule is kept when one of its selectors names only classes and element types the document has.
 * Classes inside `:not(…)` do not count (such a selector matches where they are absent), nor do types
 * inside any other parentheses (`:is(h1,h2)` needs only one of them). What sits under a `hidden`
 * element does not count either: only the page's scripts show it, and they start once the whole
 * stylesheet has loaded. Custom properties (the
 * theme's variables, Tailwind's `@property` registrations) are kept when a kept rule or the markup's
 * `style` attributes use them, directly or through another kept property. The rules keep the
 * stylesheet's order, so where the whole file comes after them nothing the page shows changes.
 */

/**
 * What one selector needs the document to have: classes, and element types (lower case) named at the
 * top level of its compounds, or `input[type=…]` for an input's own pseudo-elements.
 */
type Needs = { classes: string[]; types: string[] };

/**
 * What a document's markup has that a stylesheet can match: the classes in its `class` attributes,
 * its elements' types (lower case) and the custom properties its `style` attributes name. See
 * `markupIn`.
 */
export type Markup = {
  classes: ReadonlySet<string>;
  /** Without it, every type counts as present. */
  types?: ReadonlySet<string>;
  variables?: ReadonlySet<string>;
};

/**
 * A style rule with what each of its selectors needs, a block of rules (`@media`…), a rule
 * that only declares custom properties (the theme's `:root{--color-…}`), or a custom property's
 * registration (`@property --tw-…`). The last two are kept for the properties the kept rules use.
 */
type Node =
  | { kind: "text"; text: string }
  | { kind: "rule"; text: string; needs: Needs[] }
  | { kind: "block"; prelude: string; children: Node[] }
  | { kind: "variables"; selector: string; declarations: Array<{ name: string; text: string }> }
  | { kind: "property"; name: string; text: string };

export type ParsedStylesheet = { nodes: Node[]; bytes: number };

/** At-rules whose blocks hold rules, filtered like the top level; other blocks are kept whole. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container|scope|starting-style)\b/;

export function parseStylesheet(css: string): ParsedStylesheet {
  const nodes: Node[] = [];
  parseInto(css, 0, css.length, nodes);
  return { nodes, bytes: css.length };
}

/**
 * The rules of `sheet` that `markup` uses, as CSS text, with the custom properties those rules (and
 * the markup's own `style` attributes) use, and the ones those refer to in turn.
 */
export function usedCss(sheet: ParsedStylesheet, markup: Markup): string {
  const used = new Set(markup.variables);
  const rules = sheet.nodes.map((node) => usedText(node, markup, null)).join("");
  for (const [name] of rules.matchAll(CUSTOM_PROPERTY)) used.add(name);
  const declarations = sheet.nodes.flatMap(function declared(node): Array<{ name: string; text: string }> {
    if (node.kind === "variables") return node.declarations;
    return node.kind === "block" ? node.children.flatMap(declared) : [];
  });
  for (let grew = true; grew; ) {
    grew = false;
    for (const declaration of declarations) {
      if (!used.has(declaration.name)) continue;
      for (const [name] of declaration.text.matchAll(CUSTOM_PROPERTY)) {
        if (!used.has(name)) {
          used.add(name);
          grew = true;
        }
      }
    }
  }
  return sheet.nodes.map((node) => usedText(node, markup, used)).join("");
}

/**
 * What a rendered document's markup has for `usedCss`: its classes, types and `style` variables,
 * leaving out what sits under an element with the `hidden` attribute.
 */
export function markupIn(html: string): Markup {
  const shown = withoutHidden(html);
  return { classes: classesIn(shown), types: typesIn(shown), variables: variablesIn(shown) };
}

const CUSTOM_PROPERTY = /--[A-Za-z0-9_-]+/g;

/** The custom properties the markup's `style` attributes name (`style="--progress:40%"`). */
export function variablesIn(html: string): Set<string> {
  const variables = new Set<string>();
  for (const match of html.matchAll(/\sstyle="([^"]*)"/g)) {
    for (const [name] of (match[1] as string).matchAll(CUSTOM_PROPERTY)) variables.add(name);
  }
  return variables;
}

/**
 * The class names in an HTML document's `class` attributes (entities in them decoded: React writes
 * `[&_a]:underline` as `[&amp;_a]:underline`).
 */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] as string).split(/\s+/)) if (name) classes.add(unescapeHtml(name));
  }
  return classes;
}

/**
 * The element types (lower case) of an HTML document's tags, and the kinds of input that have
 * pseudo-elements of their own (`INPUT_PSEUDO_ELEMENTS`) as `input[type=…]`.
 */
export function typesIn(html: string): Set<string> {
  const types = new Set<string>();
  for (const match of html.matchAll(/<([A-Za-z][A-Za-z0-9-]*)([^>]*)/g)) {
    const type = (match[1] as string).toLowerCase();
    types.add(type);
    if (type !== "input") continue;
    const kind = /\stype="([a-z-]+)"/i.exec(match[2] as string)?.[1]?.toLowerCase();
    const group = kind && INPUT_KINDS[kind];
    if (group) types.add(group);
  }
  return types;
}

/** The inputs whose pseudo-elements are their own, by their `type`, as `needsOf` names them. */
const INPUT_KINDS: Record<string, string> = {
  date: "input[type=date]",
  time: "input[type=date]",
  "datetime-local": "input[type=date]",
  month: "input[type=date]",
  week: "input[type=date]",
  file: "input[type=file]",
  search: "input[type=search]",
};

/**
 * Pseudo-elements that only one kind of input has (Tailwind's base styles the date fields' parts,
 * the file button and the search field's decoration on every page that has any input).
 */
const INPUT_PSEUDO_ELEMENTS: Array<[RegExp, string]> = [
  [/^-webkit-(date-and-time-value|datetime-edit)/, "input[type=date]"],
  [/^(file-selector-button|-webkit-file-upload-button)$/, "input[type=file]"],
  [/^-webkit-search-(decoration|cancel-button|results-button|results-decoration)$/, "input[type=search]"],
];

/** Elements that have no end tag. */
const VOID_ELEMENTS = new Set("area base br col embed hr img input link meta source track wbr".split(" "));

/** Elements whose content is text, not markup: skipped whole. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

/**
 * The document without the elements that carry the `hidden` attribute (React writes `hidden=""`)
 * and their content. React's markup escapes `<` and `>` in text and attribute values, so every `<`
 * outside raw-text elements starts a tag.
 */
export function withoutHidden(html: string): string {
  const tag = /<(\/?)([A-Za-z][A-Za-z0-9-]*)([^>]*)>/g;
  let out = "";
  let from = 0;
  let hiding: { name: string; depth: number } | null = null;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const [whole, slash, rawName, attributes] = match as unknown as [string, string, string, string];
    const name = rawName.toLowerCase();
    const closing = slash === "/";
    const opensContent = !closing && !VOID_ELEMENTS.has(name) && !attributes.endsWith("/");
    if (hiding) {
      if (name === hiding.name && opensContent) hiding.depth++;
      else if (name === hiding.name && closing && --hiding.depth === 0) {
        from = match.index + whole.length;
        hiding = null;
      }
    } else if (!closing && /\shidden(?:=""|(?=[\s/]|$))/.test(attributes.replace(/"[^"]+"/g, '"…"'))) {
      out += html.slice(from, match.index);
      if (opensContent) hiding = { name, depth: 1 };
      else from = match.index + whole.length;
    }
    if (opensContent && RAW_TEXT.has(name)) {
      const end = new RegExp(`</${name}`, "gi");
      end.lastIndex = tag.lastIndex;
      tag.lastIndex = end.exec(html)?.index ?? html.length;
    }
  }
  // An element left open hides to the end, as a browser would.
  return hiding ? out : out + html.slice(from);
}

/** A node's text as kept; with `variables` null, the rules only (no custom properties' nodes). */
function usedText(node: Node, markup: Markup, variables: ReadonlySet<string> | null): string {
  switch (node.kind) {
    case "text":
      return node.text;
    case "rule":
      return node.needs.some(
        ({ classes, types }) =>
          classes.every((name) => markup.classes.has(name)) &&
          types.every((name) => markup.types?.has(name) ?? true),
      )
        ? node.text
        : "";
    case "property":
      return variables?.has(node.name) ? node.text : "";
    case "variables": {
      const kept = variables
        ? node.declarations.filter((declaration) => variables.has(declaration.name))
        : [];
      return kept.length > 0
        ? `${node.selector}{${kept.map((declaration) => declaration.text).join(";")}}`
        : "";
    }
    case "block": {
      const inner = node.children.map((child) => usedText(child, markup, variables)).join("");
      return inner ? `${node.prelude}{${inner}}` : "";
    }
  }
}

/** Parses the statements between `start` and `end` into `nodes`. */
function parseInto(css: string, start: number, end: number, nodes: Node[]): void {
  let at = start;
  while (at < end) {
    at = skipSpaceAndComments(css, at, end);
    if (at >= end) break;
    const stop = nextStop(css, at, end);
    if (stop >= end || css[stop] === ";" || css[stop] === "}") {
      // A statement without a block (`@layer a, b;`, `@import …;`), kept as it is.
      const to = Math.min(stop + 1, end);
      nodes.push({ kind: "text", text: css.slice(at, to) });
      at = to;
      continue;
    }
    const prelude = css.slice(at, stop).trim();
    const close = matchingBrace(css, stop, end);
    if (GROUPING_AT_RULES.test(prelude)) {
      const children: Node[] = [];
      parseInto(css, stop + 1, close, children);
      nodes.push({ kind: "block", prelude, children });
    } else if (prelude.startsWith("@")) {
      const property = /^@property\s+(--[A-Za-z0-9_-]+)$/.exec(prelude)?.[1];
      const text = css.slice(at, close + 1);
      nodes.push(property ? { kind: "property", name: property, text } : { kind: "text", text });
    } else {
      const needs = splitSelectors(prelude).map(needsOf);
      const text = css.slice(at, close + 1);
      const declarations = customProperties(css.slice(stop + 1, close));
      if (needs.some(({ classes, types }) => classes.length + types.length > 0))
        nodes.push({ kind: "rule", text, needs });
      else
        nodes.push(
          declarations ? { kind: "variables", selector: prelude, declarations } : { kind: "text", text },
        );
    }
    at = close + 1;
  }
}

/**
 * A block's declarations, when every one of them sets a custom property (`--name:value`), else
 * null. Split on `;` outside strings and brackets.
 */
function customProperties(block: string): Array<{ name: string; text: string }> | null {
  const declarations: Array<{ name: string; text: string }> = [];
  let from = 0;
  let depth = 0;
  const take = (to: number) => {
    // A custom property's value is kept to the byte (its spaces are part of it).
    const text = block.slice(from, to).trimStart();
    from = to + 1;
    if (!text.trim()) return true;
    const name = /^(--[A-Za-z0-9_-]+)\s*:/.exec(text)?.[1];
    if (!name) return false;
    declarations.push({ name, text });
    return true;
  };
  for (let i = 0; i < block.length; i++) {
    const c = block[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(block, i, block.length);
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === ";" && depth === 0 && !take(i)) return null;
  }
  if (!take(block.length)) return null;
  return declarations.length > 0 ? declarations : null;
}

function skipSpaceAndComments(css: string, at: number, end: number): number {
  while (at < end) {
    if (/\s/.test(css[at] as string)) at++;
    else if (css.startsWith("/*", at)) {
      const close = css.indexOf("*/", at + 2);
      at = close === -1 ? end : close + 2;
    } else break;
  }
  return at;
}

/** The index of the next `{`, `;` or `}` outside escapes, strings, comments and brackets. */
function nextStop(css: string, at: number, end: number): number {
  let depth = 0;
  for (let i = at; i < end; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(css, i, end);
    else if (c === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || end;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && (c === "{" || c === ";" || c === "}")) return i;
  }
  return end;
}

/** The index of the `}` that closes the block opened at `open`. */
function matchingBrace(css: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(css, i, end);
    else if (c === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || end;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  throw new Error(`Unclosed block at ${open} in the stylesheet`);
}

function stringEnd(css: string, open: number, end: number): number {
  const quote = css[open];
  for (let i = open + 1; i < end; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return end;
}

/** A selector list's selectors (commas inside `:is(…)` and the like do not split it). */
function splitSelectors(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      selectors.push(list.slice(from, i));
      from = i + 1;
    }
  }
  selectors.push(list.slice(from));
  return selectors;
}

/**
 * What a selector needs present to match anything: its classes (those under `:not(…)` left out) and
 * the types that start its compounds outside any parentheses.
 */
function needsOf(selector: string): Needs {
  const needs: Needs = { classes: [], types: [] };
  const text = withoutNegations(selector);
  let depth = 0;
  // Where a compound starts: the selector's start, or after a combinator.
  let compoundStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const atStart = compoundStart;
    compoundStart = false;
    if (c === "\\") i++;
    else if (c === "[") i = attributeEnd(text, i);
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "." && i + 1 < text.length) {
      const [name, next] = readIdentifier(text, i + 1);
      if (name) needs.classes.push(name);
      i = next - 1;
    } else if (c === ":") {
      // A pseudo-class or pseudo-element's name is no type; a pseudo-element of one kind of input
      // needs such an input.
      const element = text[i + 1] === ":";
      const [name, next] = readIdentifier(text, element ? i + 2 : i + 1);
      const input = element && INPUT_PSEUDO_ELEMENTS.find(([pattern]) => pattern.test(name));
      if (input) needs.types.push(input[1]);
      i = next - 1;
    } else if (/[\s>+~]/.test(c)) compoundStart = true;
    else if (atStart && depth === 0 && /[A-Za-z]/.test(c)) {
      const [name, next] = readIdentifier(text, i);
      needs.types.push(name.toLowerCase());
      i = next - 1;
    }
  }
  return needs;
}

function withoutNegations(selector: string): string {
  let out = "";
  for (let i = 0; i < selector.length; i++) {
    if (selector[i] === "\\") {
      out += selector.slice(i, i + 2);
      i++;
    } else if (selector.startsWith(":not(", i)) {
      let depth = 0;
      for (let j = i + 4; j < selector.length; j++) {
        if (selector[j] === "\\") j++;
        else if (selector[j] === "(") depth++;
        else if (selector[j] === ")" && --depth === 0) {
          i = j;
          break;
        }
      }
    } else out += selector[i];
  }
  return out;
}

function attributeEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"' || text[i] === "'") i = stringEnd(text, i, text.length);
    else if (text[i] === "]") return i;
  }
  return text.length;
}

/** A CSS identifier from `at`, its escapes resolved (`md\:flex`, `\32 xl\:p-4`), and where it ends. */
function readIdentifier(text: string, at: number): [string, number] {
  let name = "";
  let i = at;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(text.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        name += text[i + 1] ?? "";
        i += 2;
      }
    } else if (/[A-Za-z0-9_-]/.test(c) || c.charCodeAt(0) > 0x7f) {
      name += c;
      i++;
    } else break;
  }
  return [name, i];
}
