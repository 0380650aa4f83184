import { formatDate } from "../../i18n/format.ts";
import { isLocale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { DownloadView } from "../../lib/download-resource.ts";

/**
 * A shopper's downloads (WooCommerce's order downloads table): the receipt, the order's page and
 * My account's Downloads list. Each link is signed for its order and file (decision 0075); a plain
 * link, so the browser downloads it without scripts.
 */
export function OrderDownloads({
  downloads,
  headingLevel = 2,
}: {
  downloads: DownloadView[];
  headingLevel?: 1 | 2;
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby="downloads-heading" className="woocommerce-order-downloads mt-8">
      <Heading
        id="downloads-heading"
        className={headingLevel === 1 ? "mb-4 text-3xl font-semibold" : "mb-2 text-xl font-semibold"}
      >
        {t("account.downloads.title")}
      </Heading>
      {downloads.length === 0 ? (
        <p>{t("account.downloads.none")}</p>
      ) : (
        <section
          className="overflow-x-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          aria-label={t("account.downloads.title")}
        >
          <table className="woocommerce-table--order-downloads w-full min-w-[32rem] text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col">{t("account.downloads.product")}</th>
                <th scope="col">{t("account.downloads.remaining")}</th>
                <th scope="col">{t("account.downloads.expires")}</th>
                <th scope="col">{t("account.downloads.file")}</th>
              </tr>
            </thead>
            <tbody>
              {downloads.map((download) => (
                <tr key={download.permissionId} className="border-b border-stone-100">
                  <td className="py-2">{download.productName}</td>
                  <td>
                    {download.remaining === null ? t("account.downloads.unlimited") : download.remaining}
                  </td>
                  <td>
                    {download.expires === null
                      ? t("account.downloads.never")
                      : formatDate(download.expires, locale)}
                  </td>
                  <td>
                    <a
                      href={download.url}
                      className="woocommerce-MyAccount-downloads-file underline"
                      download
                      rel="nofollow"
                    >
                      {download.name}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
