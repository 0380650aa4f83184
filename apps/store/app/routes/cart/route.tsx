import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Picture } from "../../components/ui/picture.tsx";
import { useCartLines, useUpdatedCartTotals } from "../../features/cart/index.ts";
import { useMoney } from "../../features/catalogue/use-money.ts";
import { emptyCart, loadCart } from "../../services/cart.server.ts";
import type { Route } from "./+types/route";
import { handleCartAction, removeItemFromLink } from "./cart-action.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The mini-cart's remove links (`?remove_item=KEY&_wpnonce=N`) work as plain navigations too.
  if (url.searchParams.has("remove_item")) await removeItemFromLink(context, request, url);
  const session = await context.session.get();
  const cart = session
    ? await loadCart(context.db, { sessionId: session.id, userId: session.userId }, context.locale)
    : emptyCart;
  return { cart };
}

export async function action({ context, request }: Route.ActionArgs) {
  return handleCartAction(context, request);
}

export function meta() {
  return [{ title: "Cart" }, { name: "robots", content: "noindex" }];
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const { view: cart, change, busy, ready } = useCartLines(loaderData.cart);
  const totalsGeneration = useUpdatedCartTotals(loaderData.cart.hash);
  if (cart.lines.length === 0) {
    return (
      <section className="py-10 text-center">
        <h1 className="mb-4 text-3xl font-semibold">{t("cart.title")}</h1>
        <p className="cart-empty mb-6">{t("cart.empty")}</p>
        <Link to="/shop" className="rounded bg-brand px-5 py-3 font-semibold text-white hover:bg-brand-dark">
          {t("cart.returnToShop")}
        </Link>
      </section>
    );
  }

  /** With JavaScript a committed quantity goes through the cart call; the form stays the fallback. */
  function commitQuantity(input: HTMLInputElement, key: string, current: number) {
    if (!ready() || input.value === String(current)) return;
    if (!input.reportValidity()) return;
    void change(key, Number(input.value), () => {
      input.value = String(current);
    });
  }

  return (
    <section className="pb-20 min-[850px]:pb-0">
      <h1 className="mb-6 text-3xl font-semibold">{t("cart.title")}</h1>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <Form method="post" className="woocommerce-cart-form overflow-x-auto">
          <table className="shop_table cart w-full text-left">
            <thead className="border-b border-stone-300 text-sm uppercase text-stone-600">
              <tr>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t("cart.product")}</span>
                </th>
                <th scope="col" className="py-2">
                  {t("cart.product")}
                </th>
                <th scope="col" className="py-2">
                  {t("cart.price")}
                </th>
                <th scope="col" className="py-2">
                  {t("cart.quantity")}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t("cart.subtotal")}
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line) => (
                <tr
                  key={line.key}
                  className="cart_item border-b border-stone-200 aria-busy:opacity-60"
                  data-cart-item-key={line.key}
                  aria-busy={busy(line.key) || undefined}
                >
                  <td className="w-20 py-3 pr-3">
                    {line.image && <Picture image={line.image} sizes="80px" className="w-20 rounded" />}
                  </td>
                  <td className="product-name py-3">
                    <Link to={`/product/${line.slug}`} className="font-medium hover:text-brand">
                      {line.name}
                    </Link>
                    {line.attributes.length > 0 && (
                      <dl className="text-sm text-stone-600">
                        {line.attributes.map((attribute) => (
                          <div key={attribute.label} className="flex gap-1">
                            <dt>{attribute.label}:</dt>
                            <dd>{attribute.value}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {/* In its own form, so that Enter in a quantity field updates the cart, never removes a line. */}
                    <button
                      type="submit"
                      form={REMOVE_FORM_ID}
                      name="remove"
                      value={line.key}
                      className="remove mt-1 text-sm text-sale underline"
                      aria-label={t("cart.remove", { name: line.name })}
                      onClick={(event) => {
                        if (!ready()) return;
                        event.preventDefault();
                        void change(line.key, 0);
                      }}
                    >
                      × <span aria-hidden="true">{t("cart.remove", { name: "" }).trim()}</span>
                    </button>
                  </td>
                  <td className="product-price py-3">{money(line.unitPrice)}</td>
                  <td className="product-quantity py-3">
                    <label htmlFor={`qty-${line.key}`} className="sr-only">
                      {t("product.quantityOf", { name: line.name })}
                    </label>
                    <input
                      // A new field when the server's quantity changes, so it shows the confirmed value.
                      key={`${line.key}:${loaderData.cart.lines.find((l) => l.key === line.key)?.quantity ?? line.quantity}`}
                      id={`qty-${line.key}`}
                      name={`cart[${line.key}][qty]`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.maxQuantity ?? undefined}
                      step={1}
                      defaultValue={line.quantity}
                      className="qty w-20 rounded border border-stone-300 px-2 py-1"
                      onBlur={(event) => {
                        // Leaving the field for the form's own submit button: the form post does the update.
                        const next = event.relatedTarget;
                        if (next instanceof HTMLButtonElement && next.form === event.currentTarget.form)
                          return;
                        commitQuantity(event.currentTarget, line.key, line.quantity);
                      }}
                      onKeyDown={(event) => {
                        if (event.key !== "Enter" || !ready()) return;
                        event.preventDefault();
                        commitQuantity(event.currentTarget, line.key, line.quantity);
                      }}
                    />
                  </td>
                  <td className="product-subtotal py-3 text-right">{money(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 text-right">
            <button
              type="submit"
              name="intent"
              value="update"
              className="rounded border border-stone-400 px-4 py-2"
            >
              {t("cart.update")}
            </button>
          </div>
        </Form>
        <Form method="post" id={REMOVE_FORM_ID} className="hidden" />
        <aside
          className="cart_totals rounded border border-stone-200 p-4"
          aria-labelledby="cart-totals-heading"
        >
          <h2 id="cart-totals-heading" className="mb-3 text-xl font-semibold">
            {t("cart.totals")}
          </h2>
          <dl className="space-y-2">
            <div className="flex justify-between">
              <dt>{t("cart.subtotal")}</dt>
              <dd>{money(cart.subtotal)}</dd>
            </div>
            <div className="order-total flex justify-between border-t border-stone-200 pt-2 font-semibold">
              <dt>{t("cart.total")}</dt>
              <dd>{money(cart.total)}</dd>
            </div>
          </dl>
          <div className="wc-proceed-to-checkout mt-4">
            {/* The classic button; re-created after each totals update so scripts that hook it bind again. */}
            <a
              key={totalsGeneration}
              href="/checkout"
              className="checkout-button button alt wc-forward block rounded bg-brand px-4 py-3 text-center font-semibold text-white hover:bg-brand-dark"
            >
              {t("cart.proceed")}
            </a>
          </div>
        </aside>
      </div>
      {/* The block cart's button: a bar pinned to the bottom on small screens, as the block cart shows it. */}
      <div className="wc-block-cart__submit-container wc-block-cart__submit-container--sticky fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white p-3 min-[850px]:hidden">
        <a
          href="/checkout"
          className="wc-block-cart__submit-button wc-block-components-button block rounded bg-stone-900 px-4 py-3 text-center font-semibold text-white"
        >
          {t("cart.proceed")}
        </a>
      </div>
    </section>
  );
}

const REMOVE_FORM_ID = "cart-remove-form";
