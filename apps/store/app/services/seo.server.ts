import { type Locale, locales } from "../i18n/i18n.ts";
import { LANGUAGE_PARAMETER } from "../i18n/language.ts";

export type AlternateLink = { hrefLang: string; href: string };
export type SeoLinks = { canonical: string; alternates: AlternateLink[] };

/**
 * Query parameters that choose what a page shows. Everything else (sorting, price filters,
 * campaign and click ids, the language parameter itself) is left out of the canonical address, so
 * the variants of one page count as one.
 */
const contentParameters = ["s", "product_cat"];

/**
 * The canonical address of a page and its language versions. Each language has its own address
 * (`?lang=xx`, see docs/decisions/0003-search-and-seo.md); the canonical address is the current
 * language's one, and `x-default` is the bare address, whose language follows the visitor's cookie.
 */
export function seoLinks(requestUrl: URL, locale: Locale): SeoLinks {
  const bare = new URL(requestUrl.pathname, requestUrl.origin);
  for (const name of contentParameters) {
    for (const value of requestUrl.searchParams.getAll(name)) bare.searchParams.append(name, value);
  }
  const inLanguage = (language: Locale) => {
    const url = new URL(bare);
    url.searchParams.set(LANGUAGE_PARAMETER, language);
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
