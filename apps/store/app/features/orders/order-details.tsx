import { OrderLines } from "../../components/ui/order-lines.tsx";
import { formatDate } from "../../i18n/format.ts";
import { isLocale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { addressLines, type OrderView, orderLineMeta } from "../../lib/orders.ts";
import { lineAmount } from "../../lib/totals/totals-rows.ts";
import { useTotalsDisplay, useTotalsRows } from "../cart/use-totals-rows.ts";
import { useMoney } from "../catalogue/use-money.ts";

/** An order's summary, lines, totals and addresses: the confirmation page and the account's order page. */
export function OrderDetails({ order, thanks }: { order: OrderView; thanks: boolean }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <section className="woocommerce-order space-y-6">
      {thanks && (
        <>
          <h1 className="text-3xl font-semibold">{t("checkout.received.title")}</h1>
          <p className="woocommerce-thankyou-order-received text-lg" role="status">
            {t("checkout.received.thanks")}
          </p>
        </>
      )}
      <ul className="woocommerce-order-overview grid gap-2 rounded border border-stone-200 p-4 sm:grid-cols-4">
        <li>
          {t("checkout.received.number")} <strong>{order.id}</strong>
        </li>
        <li>
          {t("checkout.received.date")} <strong>{formatDate(order.date, locale)}</strong>
        </li>
        <li>
          {t("checkout.received.total")} <strong>{money(order.total)}</strong>
        </li>
        <li>
          {t("checkout.received.method")}{" "}
          <strong>{t(`checkout.payment.${order.paymentMethod}.title`)}</strong>
        </li>
      </ul>
      <h2 className="text-xl font-semibold">{t("checkout.received.details")}</h2>
      <OrderLineTable
        className="woocommerce-table order_details"
        amountHeading={t("cart.total")}
        order={order}
        money={money}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="billing-heading">
          <h2 id="billing-heading" className="mb-2 font-semibold">
            {t("checkout.received.billing")}
          </h2>
          <address className="not-italic">
            {addressLines(order.billing).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
        <section aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" className="mb-2 font-semibold">
            {t("checkout.received.shipping")}
          </h2>
          <address className="not-italic">
            {addressLines(order.shipping).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </section>
      </div>
    </section>
  );
}

/** An order's lines with its totals (subtotal, coupons, shipping, taxes, total) and refunds, as the shopper's pages and the back office show them. */
export function OrderLineTable({
  order,
  money,
  className,
  amountHeading,
}: {
  order: Pick<OrderView, "total" | "totals"> & {
    lines: Array<
      Pick<
        OrderView["lines"][number],
        "id" | "name" | "quantity" | "attributes" | "backordered" | "subtotal" | "subtotalTax"
      >
    >;
    refunds?: OrderView["refunds"];
  };
  money: (cents: number) => string;
  className: string;
  amountHeading: string;
}) {
  const { t } = useTranslation();
  const display = useTotalsDisplay();
  const totals = useTotalsRows(order.totals);
  const refunds = order.refunds ?? [];
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return (
    <OrderLines
      className={className}
      amountHeading={amountHeading}
      lines={order.lines.map((line) => ({
        key: line.id,
        name: line.name,
        quantity: line.quantity,
        attributes: orderLineMeta(line, t("checkout.received.backordered")),
        total: money(lineAmount(line, display)),
      }))}
      totals={[
        ...totals,
        // WooCommerce's order details: each refund as a negative row, then what the order comes to.
        ...refunds.map((refund) => ({
          label: refund.reason
            ? t("checkout.received.refundFor", { reason: refund.reason })
            : t("checkout.received.refund"),
          amount: money(-refund.amount),
        })),
        ...(refunds.length > 0
          ? [
              {
                label: t("checkout.received.netTotal"),
                amount: money(order.total - refunded),
                className: "font-semibold",
              },
            ]
          : []),
      ]}
    />
  );
}
