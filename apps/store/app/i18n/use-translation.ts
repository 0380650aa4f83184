import type { i18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

export type Translation = { t: TFunction; i18n: i18n };

const translations = new WeakMap<i18n, Translation>();

/**
 * The page's `t` and i18next instance. A document keeps one language from its first render to the
 * next document (the language switcher loads another address), so every component shares one
 * `{ t, i18n }` per instance. react-i18next's own hook copies the whole instance for each component
 * that calls it (its `createI18nWrapper`) and binds a `t` per call: 3.5 % of an uncached product
 * page's server time, for a language change that never happens here (decision 0044).
 */
export function useTranslation(): Translation {
  const { i18n: instance } = useContext(I18nContext);
  let translation = translations.get(instance);
  if (!translation) {
    translation = { t: rememberingPlainKeys(instance), i18n: instance };
    translations.set(instance, translation);
  }
  return translation;
}

/** Options i18next acts on itself (plurals, context, defaults, nesting…): a call with one goes to i18next. */
const I18NEXT_OPTIONS = new Set([
  "appendNamespaceToCIMode",
  "applyPostProcessor",
  "context",
  "count",
  "fallbackLng",
  "interpolation",
  "joinArrays",
  "keyPrefix",
  "keySeparator",
  "lng",
  "lngs",
  "missingKeyNoValueFallbackToKey",
  "nest",
  "ns",
  "nsSeparator",
  "ordinal",
  "postProcess",
  "range",
  "replace",
  "returnDetails",
  "returnObjects",
  "skipInterpolation",
  "split",
]);

/** A string cut at its `{{name}}` placeholders: `parts` has one more entry than `names`. */
type Template = { parts: string[]; names: string[] };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The string as a template, when filling it in needs nothing of i18next but its placeholders: no
 * nesting (`$t(…)`), no formats, spaces or unescape marks inside braces.
 */
function templateOf(text: string): Template | undefined {
  if (text.includes("$t(")) return undefined;
  const parts: string[] = [];
  const names: string[] = [];
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    parts.push(text.slice(from, match.index));
    names.push(match[1]!);
    from = match.index + match[0].length;
  }
  parts.push(text.slice(from));
  return parts.some((part) => part.includes("{{")) ? undefined : { parts, names };
}

/**
 * The template with the values in, or undefined when one is missing, is not a string or a number,
 * or holds `{{`.
 */
function fill({ parts, names }: Template, values: Record<string, unknown>): string | undefined {
  let text = parts[0]!;
  for (let index = 0; index < names.length; index++) {
    const value = values[names[index]!];
    // i18next reads on from a value holding a placeholder's braces: its answer is i18next's to give.
    if (typeof value === "string" && !value.includes("{{")) text += value;
    else if (typeof value === "number" && Number.isFinite(value)) text += String(value);
    else return undefined;
    text += parts[index + 1]!;
  }
  return text;
}

/** True for `t`'s options that only give placeholders' values. */
function onlyValues(options: unknown): options is Record<string, unknown> {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  for (const name in options) {
    if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue")) return false;
  }
  return true;
}

/**
 * The instance's `t`, which asks i18next only for what needs it. A page asks for a few hundred
 * strings while it renders and hydrates, and i18next's full path (key parsing, fallbacks, plurals,
 * interpolation and nesting passes) costs each one alike: about 60 ms of a product page's hydration
 * at 4× CPU slowdown (decision 0094).
 *
 * - A key asked without options is looked up once and its text remembered: an instance's strings
 *   never change once found (a section added later only adds keys).
 * - A key asked with placeholder values only is filled in from its remembered template, when the
 *   template has plain `{{name}}` placeholders and every value is a string or number.
 * - Anything else goes to i18next each time: plurals and context (`count`, `context`), defaults,
 *   nesting, a key not found (answered with the key itself, and looked up again next time, since the
 *   back office's section may arrive after it), a key not in the page's language (its fallback).
 */
export function rememberingPlainKeys(instance: i18n): TFunction {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  // null: found, but i18next must fill it in.
  const templates = new Map<string, Template | null>();
  const templateFor = (key: string): Template | null | undefined => {
    let template = templates.get(key);
    if (template === undefined) {
      // A key naming a namespace ("ns:key") is i18next's to read.
      if (key.includes(":")) return undefined;
      const found: unknown = instance.getResource(instance.language, "translation", key);
      if (found === undefined) return undefined;
      template = (typeof found === "string" && templateOf(found)) || null;
      templates.set(key, template);
    }
    return template;
  };
  return ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string") return translate(key, ...rest);
    if (rest.length === 0) {
      let text = texts.get(key);
      if (text === undefined) {
        const template = templateFor(key);
        text = template?.names.length === 0 ? template.parts[0] : translate(key);
        if (text !== key) texts.set(key, text);
      }
      return text;
    }
    const [options] = rest;
    if (rest.length === 1 && onlyValues(options)) {
      const template = templateFor(key);
      const text = template ? fill(template, options) : undefined;
      if (text !== undefined) return text;
    }
    return translate(key, ...rest);
  }) as unknown as TFunction;
}
