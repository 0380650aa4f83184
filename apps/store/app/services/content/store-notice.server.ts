import type { Locale } from "../../i18n/i18n.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import { type StoreNoticeView, storeNoticeHidden } from "../../lib/store-notice.ts";

/**
 * The store notice a page shows (decision 0023): the notice in the page's language unless it is off,
 * empty, or dismissed by this browser. Shared cached pages are kept per answer of
 * `storeNoticeCacheVariant`, so a shopper who dismissed it never gets a copy that shows it.
 */
export function storeNoticeFor(
  settings: StoreSettings,
  locale: Locale,
  cookies: Record<string, string | undefined>,
): StoreNoticeView | null {
  const notice = settings.store_notice;
  const text = notice.text[locale].trim() || notice.text.en.trim();
  if (!notice.enabled || !text || storeNoticeHidden(cookies, notice.id)) return null;
  return { id: notice.id, text };
}

/** The part of a shared page's cache key the notice decides: shown or not, for this browser. */
export function storeNoticeCacheVariant(
  settings: StoreSettings,
  cookies: Record<string, string | undefined>,
): string {
  const notice = settings.store_notice;
  return notice.enabled && !storeNoticeHidden(cookies, notice.id) ? `notice:${notice.id}` : "notice:-";
}
