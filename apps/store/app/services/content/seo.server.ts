import { defaultLocale, type Locale, locales } from "../../i18n/i18n.ts";
import { LANGUAGE_PARAMETER } from "../../i18n/language.ts";

import type { AlternateLink, SeoLinks } from "../../lib/seo.ts";

export type { AlternateLink, SeoLinks };

/**
 * Query parameters that choose what a page shows. Everything else (sorting, price filters,
 * campaign and click ids, the language parameter itself) is left out of the canonical address, so
 * the variants of one page count as one.
 */
const contentParameters = ["s", "product_cat"];

/**
 * The canonical address of a page and its language versions, on the store's public origin (never
 * the request's `Host`). The default language's address is the clean one; every other language has
 * its own (`?lang=xx`, see docs/decisions/0003-search-and-seo.md). The canonical address is the
 * current language's, and `x-default` is the clean address too.
 */
export function seoLinks(publicUrl: string, requestUrl: URL, locale: Locale): SeoLinks {
  const bare = new URL(requestUrl.pathname, publicUrl);
  for (const name of contentParameters) {
    for (const value of requestUrl.searchParams.getAll(name)) bare.searchParams.append(name, value);
  }
  const inLanguage = (language: Locale) => {
    const url = new URL(bare);
    if (language !== defaultLocale) url.searchParams.set(LANGUAGE_PARAMETER, language);
    return url.toString();
  };
  return {
    canonical: inLanguage(locale),
    alternates: [
      ...locales.map((language) => ({ hrefLang: language, href: inLanguage(language) })),
      { hrefLang: "x-default", href: bare.toString() },
    ],
  };
}
