import { useState } from "react";
import { useRevalidator } from "react-router";
import { ADMIN_BUTTON, ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import type { Selection } from "../../../components/ui/data-table-selection.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { BULK_STATUSES, type OrderBatchResult } from "../../../lib/order-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { Announcement } from "../use-rest-change.tsx";

type Message = { text: string; error?: boolean };

/**
 * The order list's bulk actions (WooCommerce's "Change status to processing / completed / on
 * hold"): the ticked orders go to `POST /orders/batch` in one request, each changed on its own; the
 * page then says how many changed and, order by order, why any was not.
 */
export function OrderBulkActions({ selected, onDone }: { selected: Selection; onDone: () => void }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<(typeof BULK_STATUSES)[number]>(BULK_STATUSES[0]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  async function apply() {
    setBusy(true);
    setMessage(null);
    try {
      const { update } = await pageRestClient().request<{ update: OrderBatchResult[] }>({
        path: "/orders/batch",
        method: "POST",
        data: { update: [...selected].map((id) => ({ id: Number(id), status })) },
      });
      const refused = update.flatMap((each) =>
        "error" in each
          ? [
              t("backOffice.orders.bulkRefused", {
                id: each.id,
                reason: new RestClientError(
                  each.error.code,
                  each.error.message,
                  each.error.data.status,
                ).translated(t),
              }),
            ]
          : [],
      );
      const changed = update.length - refused.length;
      setMessage({
        text: [
          t("backOffice.orders.bulkChanged", { count: changed, status: t(`account.statuses.${status}`) }),
          ...refused,
        ].join(" "),
        error: refused.length > 0,
      });
      onDone();
    } catch (error) {
      setMessage({
        text: error instanceof RestClientError ? error.translated(t) : String(error),
        error: true,
      });
    } finally {
      await revalidator.revalidate();
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <form
        id="order-bulk"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (selected.size > 0) void apply();
        }}
      >
        <label className="text-sm">
          {t("backOffice.orders.bulk")}
          <select
            className={`${ADMIN_INLINE_FIELD} ml-2`}
            value={status}
            onChange={(event) => setStatus(event.target.value as (typeof BULK_STATUSES)[number])}
          >
            {BULK_STATUSES.map((each) => (
              <option key={each} value={each}>
                {t("backOffice.orders.bulkTo", { status: t(`account.statuses.${each}`) })}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={ADMIN_BUTTON} disabled={busy || selected.size === 0}>
          {t("backOffice.orders.apply")}
        </button>
      </form>
      <Announcement message={message} name="order-bulk" />
    </div>
  );
}
