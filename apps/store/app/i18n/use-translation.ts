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

/**
 * The instance's `t`, remembering the text of each key asked without options: most of a page's
 * strings, looked up again on every render and the same every time, since an instance's strings
 * never change once found (a section added later only adds keys). A key with options (values,
 * counts, defaults) goes to i18next each time, and so does a key not found, which i18next answers
 * with the key itself.
 */
export function rememberingPlainKeys(instance: i18n): TFunction {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return translate(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = translate(key);
      if (text !== key) texts.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
}
