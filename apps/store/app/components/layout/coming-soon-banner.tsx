import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { COMING_SOON_BANNER_DISMISSED } from "../../lib/coming-soon.ts";
import { pageRestClient, REST_ROOT } from "../../lib/rest-client.ts";
import { useHydrated } from "../ui/use-hydrated.ts";

/**
 * The footer banner staff see while the store is in coming-soon mode (spec §3/§4/§7 call 8).
 * Dismiss posts the user meta to the REST URL its link carries, with the page's REST nonce, and the
 * banner goes whatever the answer; once the meta is stored the server no longer renders it.
 */
export default function ComingSoonBanner({ restUrl }: { restUrl: string }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  // Dismissing needs the script (the call carries the REST nonce): until it runs, the link is not
  // there to follow, so an early click cannot land on the REST address itself.
  const hydrated = useHydrated();
  if (dismissed) return null;
  return (
    <aside
      className="coming-soon-banner fixed inset-x-0 bottom-0 z-40 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-100 px-4 py-2 text-sm text-stone-900 shadow"
      aria-label={t("comingSoon.bannerLabel")}
    >
      <p>{t("comingSoon.banner")}</p>
      {hydrated && (
        <a
          href={restUrl}
          className="coming-soon-banner-dismiss font-semibold underline"
          onClick={(event) => {
            event.preventDefault();
            // The REST URL the link carries, below the REST root, through the one REST client.
            const path = new URL(event.currentTarget.href).pathname.slice(REST_ROOT.length);
            void pageRestClient()
              .request({
                path,
                method: "POST",
                data: { woocommerce_meta: { [COMING_SOON_BANNER_DISMISSED]: "yes" } },
              })
              .catch(() => {});
            setDismissed(true);
          }}
        >
          {t("comingSoon.dismiss")}
        </a>
      )}
    </aside>
  );
}
