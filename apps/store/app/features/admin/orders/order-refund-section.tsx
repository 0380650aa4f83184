import { useState } from "react";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AdminOrderPage, RefundInputBody } from "../../../lib/order-resource.ts";
import { RefundForm } from "./order-refund-form.tsx";
import { OrderSection } from "./order-section.tsx";

/**
 * The order's refunds (issue 40): what was refunded and what is left (the net total), each refund
 * with its lines, reason, author and date, and the refund form behind a "Refund" button while
 * something is left to refund.
 */
export function RefundSection({
  order,
  locale,
  money,
  onRefund,
}: {
  order: AdminOrderPage;
  locale: "en" | "es";
  money: (cents: number) => string;
  onRefund: (body: RefundInputBody) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const left = order.total - order.refunded;

  return (
    <OrderSection name="refunds" title={t("backOffice.orders.refunds")}>
      <dl className="refund-totals grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt>{t("backOffice.orders.orderTotal")}</dt>
        <dd className="text-right">{money(order.total)}</dd>
        <dt>{t("backOffice.orders.refunded")}</dt>
        <dd className="refunded-total text-right">{money(-order.refunded)}</dd>
        <dt className="font-semibold">{t("backOffice.orders.netTotal")}</dt>
        <dd className="net-total text-right font-semibold">{money(left)}</dd>
      </dl>
      {order.refunds.length > 0 && (
        <ol className="order-refunds mt-4 space-y-2 text-sm">
          {order.refunds.map((refund) => (
            <li key={refund.id} className="rounded bg-stone-100 px-3 py-2">
              <p className="font-medium">
                {t("backOffice.orders.refundLine", { id: refund.id, amount: money(refund.amount) })}
              </p>
              {refund.lines.length > 0 && (
                <p>
                  {refund.lines
                    .filter((line) => line.quantity > 0 || line.amount > 0)
                    .map((line) => `${line.quantity} × ${line.name} (${money(line.amount)})`)
                    .join(", ")}
                </p>
              )}
              {refund.reason && <p className="whitespace-pre-wrap">{refund.reason}</p>}
              <p className="text-stone-700">
                {formatDateTime(refund.date, locale)} · {refund.by ?? t("backOffice.orders.byStore")}
                {refund.restocked ? ` · ${t("backOffice.orders.refundRestocked")}` : ""}
              </p>
            </li>
          ))}
        </ol>
      )}
      {left > 0 && (
        <div className="mt-4">
          <button
            type="button"
            className={ADMIN_BUTTON}
            aria-expanded={open}
            aria-controls="order-refund-form"
            onClick={() => setOpen(!open)}
          >
            {t("backOffice.orders.refund")}
          </button>
          <div id="order-refund-form" hidden={!open}>
            {open && (
              <RefundForm
                order={order}
                money={money}
                onRefund={async (body) => {
                  const done = await onRefund(body);
                  if (done) setOpen(false);
                  return done;
                }}
              />
            )}
          </div>
        </div>
      )}
    </OrderSection>
  );
}
