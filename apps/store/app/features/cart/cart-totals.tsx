import { Link } from "react-router";
import { buttonClassName } from "../../components/ui/button.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CartView } from "../../lib/cart.ts";
import { useTotalsRows } from "./use-totals-rows.ts";

/**
 * The cart's totals and the classic "Proceed to checkout" button. `generation` re-creates the button
 * after each totals update, so that scripts that hook it bind again.
 */
export function CartTotals({ cart, generation }: { cart: CartView; generation: number }) {
  const { t } = useTranslation();
  const rows = useTotalsRows(cart.totals);
  return (
    <aside
      className="cart_totals sticky-sidebar rounded border border-stone-200 p-4"
      aria-labelledby="cart-totals-heading"
    >
      <h2 id="cart-totals-heading" className="mb-3 text-xl font-semibold">
        {t("cart.totals")}
      </h2>
      <dl className="space-y-2">
        {rows.map((row, index) => (
          // A row's label may repeat (two tax rates of one name).
          <div
            key={`${index}-${row.label}`}
            className={`${row.className ?? ""} flex justify-between gap-3${row.className?.includes("order-total") ? " border-t border-stone-200 pt-2" : ""}`}
          >
            <dt>{row.label}</dt>
            <dd className="text-right">{row.amount}</dd>
          </div>
        ))}
      </dl>
      <div className="wc-proceed-to-checkout mt-4">
        <a
          key={generation}
          href="/checkout"
          className={buttonClassName({
            size: "lg",
            className: "checkout-button button alt wc-forward w-full",
          })}
        >
          {t("cart.proceed")}
        </a>
      </div>
    </aside>
  );
}

/** The block cart's button: a bar pinned to the bottom on small screens, as the block cart shows it. */
export function CartCheckoutBar() {
  const { t } = useTranslation();
  return (
    <div className="wc-block-cart__submit-container wc-block-cart__submit-container--sticky fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white p-3 min-[850px]:hidden">
      <a
        href="/checkout"
        className="wc-block-cart__submit-button wc-block-components-button block rounded bg-stone-900 px-4 py-3 text-center font-semibold text-white"
      >
        {t("cart.proceed")}
      </a>
    </div>
  );
}

export function EmptyCart() {
  const { t } = useTranslation();
  return (
    <section className="py-10 text-center">
      <h1 className="mb-4 text-3xl font-semibold">{t("cart.title")}</h1>
      <p className="cart-empty mb-6">{t("cart.empty")}</p>
      <Link to="/shop" className={buttonClassName({ size: "lg" })}>
        {t("cart.returnToShop")}
      </Link>
    </section>
  );
}
