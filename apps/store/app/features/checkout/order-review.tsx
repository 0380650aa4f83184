import { Button } from "../../components/ui/button.tsx";
import { CheckboxField, FieldError } from "../../components/ui/fields.tsx";
import { OrderLines } from "../../components/ui/order-lines.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { backorderNotice } from "../../lib/stock-rules.ts";
import { lineAmount, summaryOfTotals } from "../../lib/totals/totals-rows.ts";
import type { ShippingChoice, Totals } from "../../lib/totals/totals-types.ts";
import { useTotalsDisplay, useTotalsRows } from "../cart/use-totals-rows.ts";
import { useMoney } from "../catalogue/use-money.ts";
import { type CheckoutErrors, type CheckoutPageData, translatedError } from "./checkout-view.ts";
import { TermsLink } from "./terms.tsx";

/** The checkout's right-hand column: the order, the shipping and payment choices, the terms, the button. */
export function OrderReview({
  data,
  shippingRates,
  totals,
  values,
  errors,
  shippingId,
  paymentId,
  choose,
  submitting,
}: {
  data: CheckoutPageData;
  /** The rates of the zone that holds the address. */
  shippingRates: readonly ShippingChoice[];
  /** The order's totals as the form stands (`checkoutTotals`). */
  totals: Totals;
  values: Record<string, string>;
  errors: CheckoutErrors;
  shippingId: string;
  paymentId: string;
  choose: (kind: "payment" | "shipping", id: string) => void;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const display = useTotalsDisplay();
  const rows = useTotalsRows(summaryOfTotals(totals));
  const lineTotals = new Map(totals.lines.map((line) => [line.key, line]));
  const error = (name: string) => translatedError(t, errors[name]);
  return (
    <aside
      aria-labelledby="order-review-heading"
      className="sticky-sidebar space-y-4 rounded border border-stone-200 p-4"
    >
      <h2 id="order-review-heading" className="text-xl font-semibold">
        {t("checkout.yourOrder")}
      </h2>
      <OrderLines
        className="woocommerce-checkout-review-order-table"
        lineClassName="cart_item"
        amountHeading={t("cart.subtotal")}
        lines={data.cart.lines.map((line) => ({
          ...line,
          // As the Checkout block's order summary says it (decision 0080).
          notice: backorderNotice(line, line.quantity) ? t("stock.onbackorder") : undefined,
          total: money(lineAmount(lineTotals.get(line.key) ?? line, display)),
        }))}
        totals={rows}
      />

      {!data.cart.needsShipping ? (
        <p className="text-sm text-stone-700">{t("checkout.noShippingNeeded")}</p>
      ) : (
        <fieldset aria-describedby={errors.shipping_method ? "shipping_method-error" : undefined}>
          <legend className="font-medium" id="shipping_method">
            {t("checkout.shippingMethod")}
          </legend>
          {shippingRates.length === 0 ? (
            <p className="text-sm text-stone-700">{t("checkout.noShippingOptions")}</p>
          ) : null}
          {shippingRates.map((method) => (
            <label key={method.id} className="flex items-center gap-2">
              <input
                type="radio"
                name="shipping_method"
                value={method.id}
                checked={method.id === shippingId}
                onChange={() => choose("shipping", method.id)}
              />
              {method.label}
              {method.cost > 0 ? `: ${money(method.cost)}` : ` (${t("checkout.shipping.free")})`}
            </label>
          ))}
          <FieldError id="shipping_method" error={error("shipping_method")} />
        </fieldset>
      )}

      <fieldset aria-describedby={errors.payment_method ? "payment_method-error" : undefined}>
        <legend className="font-medium" id="payment_method">
          {t("checkout.paymentMethod")}
        </legend>
        {data.paymentMethods.map((method) => (
          <div key={method.id} className="wc_payment_method">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="payment_method"
                value={method.id}
                checked={method.id === paymentId}
                onChange={() => choose("payment", method.id)}
              />
              {t(method.titleKey)}
            </label>
            <p className="ml-6 text-xs text-stone-600">{t(method.descriptionKey)}</p>
          </div>
        ))}
        <FieldError id="payment_method" error={error("payment_method")} />
      </fieldset>

      {/* No terms page named, no checkbox: the order needs none (decision 0064). */}
      {data.terms && (
        <CheckboxField
          id="terms"
          name="terms"
          value="on"
          defaultChecked={values.terms === "on"}
          label={t("checkout.terms")}
          error={error("terms")}
          className="woocommerce-terms-and-conditions-wrapper"
        >
          <TermsLink terms={data.terms} />
        </CheckboxField>
      )}

      <Button
        type="submit"
        id="place_order"
        size="lg"
        pending={submitting}
        className="w-full aria-busy:opacity-70"
      >
        {t("checkout.placeOrder")}
      </Button>
    </aside>
  );
}
