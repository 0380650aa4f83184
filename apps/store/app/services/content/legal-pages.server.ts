import { type Database, pages } from "@vitrine/db";
import { and, eq, inArray } from "drizzle-orm";
import type { Locale } from "../../i18n/i18n.ts";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import type { CheckoutTerms, LegalPageLink, LegalPageLinks } from "../../lib/store-settings.ts";
import { FALLBACK_LOCALE, translated } from "../shared/translations.server.ts";
import { buildPageBlocks } from "./page-blocks.server.ts";

/**
 * The legal pages the settings name (decision 0051), as the storefront links them in `locale`: the
 * page's address and title. A page that is a draft, or gone, is not linked. One statement, none when
 * no page is named; the root keeps the answer in the site cache.
 */
export async function legalPageLinks(
  db: Database,
  legal: StoreSettings["legal_pages"],
  locale: Locale,
): Promise<LegalPageLinks> {
  const named = Object.values(legal).filter((id) => id !== null);
  const rows =
    named.length === 0
      ? []
      : await db
          .select({ id: pages.id, slug: pages.slug, title: pages.title })
          .from(pages)
          .where(and(inArray(pages.id, named), eq(pages.status, "publish")));
  const link = (id: number | null): LegalPageLink | null => {
    const page = rows.find((row) => row.id === id);
    if (!page) return null;
    return {
      href: page.slug === HOME_PAGE_SLUG ? "/" : `/${page.slug}`,
      title: translated(page.title, locale) || translated(page.title, FALLBACK_LOCALE) || page.slug,
    };
  };
  return { privacy: link(legal.privacy), terms: link(legal.terms) };
}

type TermsContext = Parameters<typeof buildPageBlocks>[0];

/** The legal pages' links through the site cache (the root keeps the same answer under the same key). */
function cachedLinks(context: TermsContext): Promise<LegalPageLinks> {
  const { db, settings, locale, siteCache } = context;
  return siteCache.get(`legal-pages:${locale}`, () => legalPageLinks(db, settings.legal_pages, locale));
}

/**
 * Whether the checkout asks the shopper to accept the terms (issue 40, decision 0064): only while
 * the settings name a terms page and it is published, as WooCommerce shows its checkbox only when a
 * terms page is set. The form's answer and its check read the same cached link.
 */
export async function termsRequired(context: TermsContext): Promise<boolean> {
  return (await cachedLinks(context)).terms !== null;
}

/**
 * The terms page as the checkout shows it: its link, its title and its text blocks in the
 * shopper's language (the lightbox shows the text; the page itself has the rest). Null when no
 * published page is named. A change to the page drops the site cache (it is a legal page, see
 * `isLegalPage`), and the checkout, which no cache keeps, reads it again at once.
 */
export async function checkoutTerms(context: TermsContext): Promise<CheckoutTerms | null> {
  const link = (await cachedLinks(context)).terms;
  const id = context.settings.legal_pages.terms;
  if (!link || id === null) return null;
  const [row] = await context.db
    .select({ slug: pages.slug })
    .from(pages)
    .where(and(eq(pages.id, id), eq(pages.status, "publish")));
  const page = row && (await buildPageBlocks(context, row.slug, { drafts: false }));
  if (!page) return null;
  return {
    ...link,
    sections: page.blocks.flatMap((block) =>
      block.type === "text" ? [{ id: block.id, title: block.title, body: block.body }] : [],
    ),
  };
}

/**
 * Whether `pageId` is one of the store's legal pages: a change to it (its title, address or status)
 * shows on every page that links it, not only on its own.
 */
export function isLegalPage(settings: StoreSettings, pageId: number): boolean {
  return Object.values(settings.legal_pages).includes(pageId);
}
