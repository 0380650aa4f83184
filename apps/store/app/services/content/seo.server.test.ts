import { describe, expect, it } from "vitest";
import { requestLocale, withoutLanguageParameter } from "../../i18n/language.ts";
import { seoLinks } from "./seo.server.ts";

describe("seoLinks", () => {
  it.each([
    {
      url: "https://shop.example/shop?orderby=price&utm_source=news&gclid=1",
      locale: "en" as const,
      canonical: "https://shop.example/shop",
      bare: "https://shop.example/shop",
    },
    {
      url: "https://shop.example/product/boot?lang=es",
      locale: "es" as const,
      canonical: "https://shop.example/product/boot?lang=es",
      bare: "https://shop.example/product/boot",
    },
    {
      url: "http://127.0.0.1:3000/search?s=red+lamp&product_cat=lighting&page=2&min_price=3",
      locale: "en" as const,
      canonical: "http://127.0.0.1:3000/search?s=red+lamp&product_cat=lighting",
      bare: "http://127.0.0.1:3000/search?s=red+lamp&product_cat=lighting",
    },
  ])("$url in $locale", ({ url, locale, canonical, bare }) => {
    const links = seoLinks(new URL(url).origin, new URL(url), locale);
    expect(links.canonical).toBe(canonical);
    const spanish = new URL(bare);
    spanish.searchParams.set("lang", "es");
    // The default language's address is the clean one; Spanish has its own.
    expect(links.alternates).toEqual([
      { hrefLang: "en", href: bare },
      { hrefLang: "es", href: spanish.toString() },
      { hrefLang: "x-default", href: bare },
    ]);
  });
});

it("builds every address on the store's public origin, whatever host the request named", () => {
  const links = seoLinks("https://shop.example", new URL("http://evil.example/product/boot?lang=es"), "es");
  expect(links.canonical).toBe("https://shop.example/product/boot?lang=es");
  for (const alternate of links.alternates) expect(alternate.href).toMatch(/^https:\/\/shop\.example\//);
});

describe("language of a request", () => {
  it.each([
    [undefined, undefined, "en"],
    [undefined, "/en/es", "es"],
    ["es", undefined, "es"],
    ["en", "/en/es", "en"],
    ["fr", "/en/es", "es"],
    [["es", "en"], undefined, "en"],
  ])("lang=%j with cookie %j is %s", (parameter, cookie, expected) => {
    expect(requestLocale(parameter, cookie)).toBe(expected);
  });

  it.each([
    ["/shop?lang=es&orderby=price#top", "/shop?orderby=price#top"],
    ["/product/boot?lang=en", "/product/boot"],
    ["/cart", "/cart"],
    ["https://evil.example/?lang=es", "https://evil.example/?lang=es"],
    [undefined, undefined],
  ])("switching language from %j returns to %j", (from, to) => {
    expect(withoutLanguageParameter(from)).toBe(to);
  });
});
