import { type Database, pages } from "@vitrine/db";
import { and, eq, inArray } from "drizzle-orm";
import type { Locale } from "../../i18n/i18n.ts";
import { HOME_PAGE_SLUG } from "../../lib/edit-links.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import type { LegalPageLink, LegalPageLinks } from "../../lib/store-settings.ts";
import { FALLBACK_LOCALE, translated } from "../shared/translations.server.ts";

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
  return { privacy: link(legal.privacy) };
}

/**
 * Whether `pageId` is one of the store's legal pages: a change to it (its title, address or status)
 * shows on every page that links it, not only on its own.
 */
export function isLegalPage(settings: StoreSettings, pageId: number): boolean {
  return Object.values(settings.legal_pages).includes(pageId);
}
