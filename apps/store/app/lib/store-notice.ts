/**
 * The store notice's cookie (spec §4, CONTRACTS.md): `store_notice{noticeId}` = `hidden` once the
 * shopper dismissed that notice, on path `/`, as WooCommerce's own script writes it. Not HttpOnly:
 * the browser sets it on dismissal, and scripts written for WooCommerce read it.
 */
export const STORE_NOTICE_ID = /^[A-Za-z0-9_-]{1,40}$/;
export const STORE_NOTICE_HIDDEN = "hidden";
export const STORE_NOTICE_MAX_AGE = 365 * 86_400;

export function storeNoticeCookie(noticeId: string): string {
  return `store_notice${noticeId}`;
}

export function storeNoticeHidden(cookies: Record<string, string | undefined>, noticeId: string): boolean {
  return cookies[storeNoticeCookie(noticeId)] === STORE_NOTICE_HIDDEN;
}

/** What a page shows of the notice: the text in the page's language, or nothing. */
export type StoreNoticeView = { id: string; text: string };
