import type { OrderTotal } from "../../components/ui/order-lines.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import {
  type TaxFigure,
  type TotalsDisplay,
  type TotalsSummary,
  totalsRows,
} from "../../lib/totals/totals-rows.ts";
import { useRootData } from "../../root-data.ts";
import { useMoney } from "../catalogue/use-money.ts";

/** Without the root's data (an error page): totals as a store without tax shows them. */
const NO_TAX: TotalsDisplay = { taxEnabled: false, mode: "excl", itemized: true };

/** How this store shows totals (its tax settings, from the root's data). */
export function useTotalsDisplay(): TotalsDisplay {
  return useRootData()?.totalsDisplay ?? NO_TAX;
}

/**
 * A cart's or an order's totals as the rows of a totals table, labelled and formatted in the
 * shopper's language: the same rows on the cart, the checkout, the order pages and the back office.
 */
export function useTotalsRows(summary: TotalsSummary): OrderTotal[] {
  const { t } = useTranslation();
  const money = useMoney();
  const display = useTotalsDisplay();
  const taxLabel = (tax: TaxFigure) => tax.label ?? t("totals.tax");
  return totalsRows(summary, display).map((row): OrderTotal => {
    switch (row.kind) {
      case "subtotal":
        return { label: t("cart.subtotal"), amount: money(row.amount), className: "cart-subtotal" };
      case "coupon":
        return {
          label: t("totals.coupon", { code: row.code }),
          amount: money(-row.amount),
          className: `cart-discount coupon-${row.code}`,
        };
      case "shipping":
        return {
          label: t("totals.shipping"),
          amount: t("totals.via", {
            amount: money(row.amount),
            method: t(`checkout.shipping.${row.label}`, { defaultValue: row.label }),
          }),
          className: "shipping",
        };
      case "tax":
        return { label: taxLabel(row.tax), amount: money(row.tax.amount), className: "tax-rate" };
      default:
        return {
          label: t("cart.total"),
          amount:
            row.includedTax.length === 0
              ? money(row.amount)
              : `${money(row.amount)} ${t("totals.includesTax", {
                  taxes: row.includedTax.map((tax) => `${money(tax.amount)} ${taxLabel(tax)}`).join(", "),
                })}`,
          className: "order-total font-semibold",
        };
    }
  });
}
