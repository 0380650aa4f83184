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
    translation = { t: instance.t.bind(instance) as TFunction, i18n: instance };
    translations.set(instance, translation);
  }
  return translation;
}
