import { useState } from "react";
import { useRevalidator } from "react-router";
import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { formatDate } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { PermissionRecord } from "../../../lib/download-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { OrderSection } from "./order-section.tsx";

/**
 * WooCommerce's "Downloadable product permissions" of an order (decision 0075): each file the order
 * opens, with the downloads left (changeable; blank for unlimited), when access ends, how often it
 * was downloaded, and a way to revoke it; through `PUT|DELETE /orders/{id}/downloads/{permission}`.
 */
export function OrderDownloadsSection({
  orderId,
  permissions,
}: {
  orderId: number;
  permissions: PermissionRecord[];
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  async function act(method: "PUT" | "DELETE", permissionId: number, done: string, data?: unknown) {
    try {
      await pageRestClient().request({ path: `/orders/${orderId}/downloads/${permissionId}`, method, data });
      setMessage({ text: done });
    } catch (error) {
      setMessage({
        text: error instanceof RestClientError ? error.translated(t) : String(error),
        error: true,
      });
    }
    await revalidator.revalidate();
  }

  return (
    <OrderSection
      name="downloads"
      title={t("backOffice.orderDownloads.title")}
      className="order-downloads mt-6"
    >
      <p role="status" className={message?.error ? "text-sale" : "text-sm"}>
        {message?.text}
      </p>
      {permissions.length === 0 ? (
        <p>{t("backOffice.orderDownloads.none")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col">{t("backOffice.orderDownloads.product")}</th>
              <th scope="col">{t("backOffice.orderDownloads.file")}</th>
              <th scope="col">{t("backOffice.orderDownloads.remaining")}</th>
              <th scope="col">{t("backOffice.orderDownloads.expires")}</th>
              <th scope="col">{t("backOffice.orderDownloads.count")}</th>
              <th scope="col">
                <span className="sr-only">{t("backOffice.orderDownloads.revoke")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {permissions.map((permission) => (
              <tr key={permission.id} className="border-b border-stone-100 align-top">
                <td className="py-2">{permission.product_name}</td>
                <td>{permission.download_name}</td>
                <td>
                  <form
                    className="flex gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      const value = String(
                        new FormData(event.currentTarget).get("downloads_remaining") ?? "",
                      ).trim();
                      void act("PUT", permission.id, t("backOffice.orderDownloads.saved"), {
                        downloads_remaining: value === "" ? null : Number(value),
                      });
                    }}
                  >
                    <input
                      name="downloads_remaining"
                      type="number"
                      min={0}
                      defaultValue={permission.downloads_remaining ?? ""}
                      placeholder={t("backOffice.orderDownloads.unlimited")}
                      aria-label={t("backOffice.orderDownloads.remainingLabel", {
                        name: permission.download_name,
                      })}
                      className={`${ADMIN_FIELD} w-24`}
                    />
                    <button
                      type="submit"
                      className="rounded border border-stone-300 px-2"
                      aria-label={t("backOffice.orderDownloads.saveLabel", {
                        name: permission.download_name,
                      })}
                    >
                      {t("backOffice.orderDownloads.save")}
                    </button>
                  </form>
                </td>
                <td>
                  {permission.access_expires
                    ? formatDate(permission.access_expires, locale)
                    : t("backOffice.orderDownloads.never")}
                </td>
                <td>{permission.download_count}</td>
                <td>
                  <button
                    type="button"
                    className="rounded border border-stone-300 px-2 text-sale"
                    aria-label={t("backOffice.orderDownloads.revokeLabel", {
                      name: permission.download_name,
                    })}
                    onClick={() => void act("DELETE", permission.id, t("backOffice.orderDownloads.revoked"))}
                  >
                    {t("backOffice.orderDownloads.revoke")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OrderSection>
  );
}
