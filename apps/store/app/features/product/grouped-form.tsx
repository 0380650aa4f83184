import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductCard } from "../../lib/catalogue.ts";
import { purchaseLimit } from "../../lib/stock-rules.ts";
import { Price } from "../catalogue/price.tsx";
import { StockStatus } from "../catalogue/stock-status.tsx";

/**
 * A grouped product's children, each with its price, stock and a quantity, in one plain form that
 * adds every chosen child to the cart (WooCommerce's `quantity[{id}]` fields), with or without
 * JavaScript. A child that cannot be added from here (variable, grouped, external) links to its page.
 */
export function GroupedForm({ productId, children }: { productId: number; children: ProductCard[] }) {
  const { t } = useTranslation();
  return (
    <form method="post" action="/cart" className="grouped_form space-y-3">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      <table className="w-full text-sm">
        <caption className="sr-only">{t("product.groupedHeading")}</caption>
        <thead>
          <tr className="border-b border-stone-200 text-left">
            <th scope="col" className="py-2">
              {t("product.groupedQuantity")}
            </th>
            <th scope="col">{t("product.groupedProduct")}</th>
            <th scope="col">{t("product.groupedPrice")}</th>
            <th scope="col">{t("product.groupedStock")}</th>
          </tr>
        </thead>
        <tbody>
          {children.map((child) => {
            const buyable = child.type === "simple" && child.stock.state !== "outofstock";
            return (
              <tr key={child.id} className="border-b border-stone-100" data-product-id={child.id}>
                <td className="py-2 pr-3">
                  {buyable ? (
                    <input
                      type="number"
                      name={`quantity[${child.id}]`}
                      min={0}
                      max={purchaseLimit(child.stock)}
                      defaultValue={0}
                      inputMode="numeric"
                      aria-label={t("product.quantityOf", { name: child.name })}
                      className="w-16 rounded border border-stone-400 px-2 py-1"
                    />
                  ) : (
                    <Link to={`/product/${child.slug}`} className="underline">
                      {t(child.type === "grouped" ? "product.groupedView" : "product.groupedChoose")}
                    </Link>
                  )}
                </td>
                <td className="pr-3">
                  <Link to={`/product/${child.slug}`} className="hover:text-brand">
                    {child.name}
                  </Link>
                </td>
                <td className="pr-3">
                  <Price price={child.price} />
                </td>
                <td>
                  <StockStatus stock={child.stock} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="submit"
        className="single_add_to_cart_button inline-flex h-10 items-center rounded bg-brand px-6 font-semibold text-white hover:bg-brand-dark"
      >
        {t("product.groupedAdd")}
      </button>
    </form>
  );
}
