import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Picture } from "../../components/ui/picture.tsx";
import { useMoney } from "../../features/catalogue/use-money.ts";
import { emptyCart, loadCart } from "../../services/cart.server.ts";
import type { Route } from "./+types/route";
import { handleCartAction } from "./cart-action.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const session = context.session.hasCookie ? await context.session.get() : null;
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
  const { cart } = loaderData;
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
  return (
    <section>
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
                  className="cart_item border-b border-stone-200"
                  data-cart-item-key={line.key}
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
                    <button
                      type="submit"
                      name="remove"
                      value={line.key}
                      className="remove mt-1 text-sm text-sale underline"
                      aria-label={t("cart.remove", { name: line.name })}
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
                      id={`qty-${line.key}`}
                      name={`cart[${line.key}][qty]`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.maxQuantity ?? undefined}
                      step={1}
                      defaultValue={line.quantity}
                      className="qty w-20 rounded border border-stone-300 px-2 py-1"
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
        </aside>
      </div>
    </section>
  );
}
