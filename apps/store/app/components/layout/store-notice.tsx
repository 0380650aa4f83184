import { useState } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  STORE_NOTICE_HIDDEN,
  STORE_NOTICE_MAX_AGE,
  type StoreNoticeView,
  storeNoticeCookie,
} from "../../lib/store-notice.ts";

/**
 * The store-wide notice (spec §4), with WooCommerce's class names for themes and scripts that style
 * or hook it. Without JavaScript, Dismiss posts to /store-notice, which sets the cookie and comes
 * back; with it, the browser sets the cookie itself and the notice goes at once. The server leaves
 * a dismissed notice out of the page, so it never flashes on the next one.
 */
export function StoreNotice({ notice }: { notice: StoreNoticeView }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (dismissed === notice.id) return null;
  return (
    <aside
      className="woocommerce-store-notice demo_store flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-stone-900 px-4 py-2 text-center text-sm text-white"
      data-notice-id={notice.id}
      aria-label={t("storeNotice.label")}
    >
      <p>{notice.text}</p>
      <form
        method="post"
        action="/store-notice"
        onSubmit={(event) => {
          event.preventDefault();
          const secure = window.location.protocol === "https:" ? "; secure" : "";
          // biome-ignore lint/suspicious/noDocumentCookie: the notice's cookie is set in the browser, as WooCommerce's script does.
          document.cookie = `${storeNoticeCookie(notice.id)}=${STORE_NOTICE_HIDDEN}; path=/; max-age=${STORE_NOTICE_MAX_AGE}; samesite=lax${secure}`;
          setDismissed(notice.id);
        }}
      >
        <input type="hidden" name="notice_id" value={notice.id} />
        <input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="woocommerce-store-notice__dismiss-link font-semibold underline">
          {t("storeNotice.dismiss")}
        </button>
      </form>
    </aside>
  );
}
