import { formatDateTime } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AdminOrderPage } from "../../../lib/order-resource.ts";
import { addressLines, type OrderAddress } from "../../../lib/orders.ts";
import { originText } from "./order-labels.tsx";
import { OrderSection } from "./order-section.tsx";

/** An order's billing or shipping address. */
export function AddressSection({ id, title, address }: { id: string; title: string; address: OrderAddress }) {
  const lines = addressLines(address);
  return (
    <OrderSection name={id} title={title}>
      <address className={`order-${id} not-italic`}>
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </OrderSection>
  );
}

/** How the order is paid and sent, the shopper's note, and whether its stock is taken or back. */
export function PaymentSection({
  order,
  locale,
  money,
}: {
  order: AdminOrderPage;
  locale: "en" | "es";
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <OrderSection name="payment" title={t("backOffice.orders.paymentAndShipping")}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t("checkout.paymentMethod")}</dt>
        <dd>{t(`checkout.payment.${order.paymentMethod}.title`, order.paymentMethod)}</dd>
        <dt className="font-medium">{t("checkout.shippingMethod")}</dt>
        <dd>
          {/* The rate's name as the shopper chose it; an order from before rates had names, its method's. */}
          {order.totals.shippingLabel
            ? t(`checkout.shipping.${order.totals.shippingLabel}`, {
                defaultValue: order.totals.shippingLabel,
              })
            : "—"}{" "}
          ({money(order.shippingTotal)})
        </dd>
        <dt className="font-medium">{t("backOffice.orders.customerNote")}</dt>
        <dd className="whitespace-pre-wrap">{order.customerNote || "—"}</dd>
        <dt className="font-medium">{t("backOffice.orders.stock")}</dt>
        <dd>
          {order.stockRestoredAt
            ? t("backOffice.orders.stockRestored", {
                date: formatDateTime(order.stockRestoredAt, locale),
              })
            : t("backOffice.orders.stockTaken")}
        </dd>
      </dl>
    </OrderSection>
  );
}

/** Where the shopper came from: the origin, then every attribution field recorded. */
export function AttributionSection({ order }: { order: AdminOrderPage }) {
  const { t } = useTranslation();
  return (
    <OrderSection name="origin" title={t("backOffice.orders.attributionTitle")} className="order-attribution">
      <p className="mb-2">
        {t("backOffice.orders.origin")}:{" "}
        <strong className="order-origin">{originText(order.origin, t)}</strong>
      </p>
      {order.attribution.length === 0 ? (
        <p className="text-sm text-stone-700">{t("backOffice.orders.noAttribution")}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {order.attribution.map(({ field, value }) => (
            <div key={field} className="contents">
              <dt className="font-medium">{t(`backOffice.orders.attribution.${field}`)}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </OrderSection>
  );
}
