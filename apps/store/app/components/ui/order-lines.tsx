import { useTranslation } from "../../i18n/use-translation.ts";

export type OrderLine = {
  key: string | number;
  name: string;
  quantity: number;
  attributes: Array<{ label: string; value: string }>;
  /** A line's notice under it, as WooCommerce's blocks show one ("Available on backorder"). */
  notice?: string | undefined;
  /** Formatted by the caller, in the shopper's currency and language. */
  total: string;
};

export type OrderTotal = { label: string; amount: string; className?: string };

/**
 * An order's lines (name × quantity, chosen attributes, line total) and its totals below: the
 * checkout's review and the order pages. `className` carries the table's hook
 * (`woocommerce-checkout-review-order-table`, `order_details`); `lineClassName` the rows' (`cart_item`).
 */
export function OrderLines({
  lines,
  totals,
  amountHeading,
  className,
  lineClassName = "",
}: {
  lines: OrderLine[];
  totals: OrderTotal[];
  amountHeading: string;
  className: string;
  lineClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <table className={`${className} w-full text-left text-sm`}>
      <thead>
        <tr className="border-b border-stone-300">
          <th scope="col">{t("cart.product")}</th>
          <th scope="col" className="text-right">
            {amountHeading}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className={`${lineClassName} border-b border-stone-100`.trim()}>
            <td className="py-2">
              {line.name} <strong>× {line.quantity}</strong>
              {line.attributes.length > 0 && (
                <span className="block text-xs text-stone-600">
                  {line.attributes.map((attribute) => `${attribute.label}: ${attribute.value}`).join(", ")}
                </span>
              )}
              {line.notice && (
                <span className="backorder_notification block text-xs text-sky-800">{line.notice}</span>
              )}
            </td>
            <td className="py-2 text-right">{line.total}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totals.map((total, index) => (
          // Labels may repeat (two refunds without a reason).
          <tr key={`${index}-${total.label}`} className={total.className}>
            <th scope="row" className="pt-2 text-left">
              {total.label}
            </th>
            <td className="pt-2 text-right">{total.amount}</td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
