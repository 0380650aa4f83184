import { useTranslation } from "react-i18next";
import { formatDate } from "../../i18n/format.ts";
import { isLocale } from "../../i18n/i18n.ts";
import { useMoney } from "../catalogue/use-money.ts";

type Address = Record<string, string | undefined>;
export type OrderView = {
  id: number;
  status: string;
  date: string;
  subtotal: number;
  shippingTotal: number;
  total: number;
  paymentMethod: string;
  billing: Address;
  shipping: Address;
  customerNote: string;
  lines: Array<{
    id: number;
    name: string;
    quantity: number;
    total: number;
    attributes: Record<string, string>;
  }>;
};

/** An order's summary, lines, totals and addresses: the confirmation page and the account's order page. */
export function OrderDetails({ order, thanks }: { order: OrderView; thanks: boolean }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const address = (value: Record<string, string | undefined>) =>
    [
      `${value.first_name ?? ""} ${value.last_name ?? ""}`.trim(),
      value.company,
      value.address_1,
      value.address_2,
      `${value.postcode ?? ""} ${value.city ?? ""}`.trim(),
      value.state,
      value.country,
      value.email,
      value.phone,
    ].filter(Boolean);
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
      <table className="woocommerce-table order_details w-full text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col">{t("cart.product")}</th>
            <th scope="col" className="text-right">
              {t("cart.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className="border-b border-stone-100">
              <td className="py-2">
                {line.name} <strong>× {line.quantity}</strong>
                {Object.keys(line.attributes).length > 0 && (
                  <span className="block text-xs text-stone-600">
                    {Object.entries(line.attributes)
                      .map(([label, value]) => `${label}: ${value}`)
                      .join(", ")}
                  </span>
                )}
              </td>
              <td className="py-2 text-right">{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("cart.subtotal")}</th>
            <td className="text-right">{money(order.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row">{t("checkout.shippingMethod")}</th>
            <td className="text-right">{money(order.shippingTotal)}</td>
          </tr>
          <tr className="font-semibold">
            <th scope="row">{t("cart.total")}</th>
            <td className="text-right">{money(order.total)}</td>
          </tr>
        </tfoot>
      </table>
      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="billing-heading">
          <h2 id="billing-heading" className="mb-2 font-semibold">
            {t("checkout.received.billing")}
          </h2>
          <address className="not-italic">
            {address(order.billing).map((line) => (
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
            {address(order.shipping).map((line) => (
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
