import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { affiliateLinkProps } from "../../lib/affiliate-links.ts";
import type { MenuItem } from "../../lib/menu.ts";
import { BackToTop } from "./back-to-top.tsx";

/** What the footer draws from the root's data. */
export type SiteFooterData = {
  storeName: string;
  footerMenu: MenuItem[];
  tracking: { banner: boolean };
};

export function SiteFooter({ root }: { root: SiteFooterData }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 border-t border-stone-200 bg-stone-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-700 sm:flex-row sm:justify-between">
        <div>
          <p className="font-semibold text-stone-900">{root.storeName}</p>
          <p>{t("site.tagline")}</p>
        </div>
        <nav aria-label={t("site.footerMenu")}>
          <ul className="flex flex-wrap gap-4">
            {root.footerMenu.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.url}
                  {...affiliateLinkProps(item.url)}
                  className="underline-offset-4 hover:underline"
                >
                  {item.label}
                </Link>
              </li>
            ))}
            {root.tracking.banner && (
              <li>
                {/* The way back to the consent banner. A plain button: the page's consent script keeps
                    its clicks (`CONSENT_OPENER`), even those before the page's scripts arrive, and the
                    consent host opens the banner for them (decision 0040). */}
                <button type="button" className="underline-offset-4 hover:underline" data-consent-open="">
                  {t("consent.footerLink")}
                </button>
              </li>
            )}
          </ul>
        </nav>
        <p>{t("site.copyright", { year: new Date().getUTCFullYear(), name: root.storeName })}</p>
      </div>
      <BackToTop />
    </footer>
  );
}
