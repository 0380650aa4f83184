import { Picture } from "../../components/ui/picture.tsx";
import { formatPrice } from "../../i18n/format.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CartView } from "../../lib/cart.ts";
import { backorderNotice } from "../../lib/stock-rules.ts";

export { CART_COUNT_SELECTOR, MINI_CART_SELECTOR } from "./cart-selectors.ts";

type Props = { cart: CartView; currency: string; locale: Locale; removeNonce: string };

/**
 * The mini-cart's content. It is rendered inside the page and, as a cart fragment, by the cart calls:
 * one component, so the page and the fragments never disagree. Plain links only (no router), so it
 * renders the same outside the router.
 */
export function MiniCartContent({ cart, currency, locale, removeNonce }: Props) {
  const { t } = useTranslation();
  const money = (cents: number) => formatPrice(cents, currency, locale);
  return (
    <div className="widget_shopping_cart_content" data-cart-hash={cart.hash}>
      {cart.lines.length === 0 ? (
        <p className="woocommerce-mini-cart__empty-message py-4 text-center text-stone-600">
          {t("cart.miniCartEmpty")}
        </p>
      ) : (
        <>
          <ul className="woocommerce-mini-cart cart_list divide-y divide-stone-200">
            {cart.lines.map((line) => (
              <li
                key={line.key}
                className="woocommerce-mini-cart-item mini_cart_item flex gap-3 py-3"
                data-cart-item-key={line.key}
              >
                {line.image && (
                  <Picture image={line.image} sizes="64px" className="h-16 w-16 rounded object-cover" />
                )}
                <div className="flex-1">
                  <a href={`/product/${line.slug}`} className="font-medium hover:text-brand">
                    {line.name}
                  </a>
                  {line.attributes.length > 0 && (
                    <p className="text-xs text-stone-600">
                      {line.attributes
                        .map((attribute) => `${attribute.label}: ${attribute.value}`)
                        .join(", ")}
                    </p>
                  )}
                  {/* As the Mini-Cart block's line says it (decision 0080). */}
                  {backorderNotice(line, line.quantity) && (
                    <p className="backorder_notification text-xs text-sky-800">{t("stock.onbackorder")}</p>
                  )}
                  <div className="mt-1 flex items-center gap-2 text-sm">
                    <label htmlFor={`mini-qty-${line.key}`} className="sr-only">
                      {t("product.quantityOf", { name: line.name })}
                    </label>
                    <input
                      id={`mini-qty-${line.key}`}
                      className="qty w-16 rounded border border-stone-300 px-1 py-0.5"
                      type="number"
                      name={`cart[${line.key}][qty]`}
                      min={0}
                      max={line.maxQuantity ?? undefined}
                      step={1}
                      defaultValue={line.quantity}
                      data-cart-item-key={line.key}
                    />
                    <span>× {money(line.displayPrice)}</span>
                  </div>
                </div>
                <a
                  href={`/cart?remove_item=${line.key}&_wpnonce=${removeNonce}`}
                  className="remove remove_from_cart_button self-start px-1 text-xl leading-none text-sale"
                  aria-label={t("cart.remove", { name: line.name })}
                  data-cart_item_key={line.key}
                >
                  ×
                </a>
              </li>
            ))}
          </ul>
          <p className="woocommerce-mini-cart__total total flex justify-between border-t border-stone-200 py-3 font-semibold">
            <span>{t("cart.subtotal")}:</span>
            <span>{money(cart.subtotal)}</span>
          </p>
          <p className="woocommerce-mini-cart__buttons buttons flex gap-2">
            <a
              href="/cart"
              className="button wc-forward flex-1 rounded border border-brand px-3 py-2 text-center text-brand"
            >
              {t("cart.viewCart")}
            </a>
            <a
              href="/checkout"
              className="button checkout wc-forward flex-1 rounded bg-brand px-3 py-2 text-center font-semibold text-white"
            >
              {t("cart.checkout")}
            </a>
          </p>
        </>
      )}
    </div>
  );
}

/** The item count in the header's cart link. */
export function CartCount({ count }: { count: number }) {
  return (
    <span className="cart-count" data-count={count}>
      {count}
    </span>
  );
}
