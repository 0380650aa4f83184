import { Link } from "react-router";
import { Picture } from "../../components/ui/picture.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductCard as Card } from "../../lib/catalogue.ts";
import { AddToCartButton } from "../cart/add-to-cart-button.tsx";
import { ExternalButton } from "../product/external-button.tsx";
import { QuickViewButton } from "../quickview/quickview-button.tsx";
import { Price } from "./price.tsx";
import { StockStatus } from "./stock-status.tsx";

/**
 * One product box. Its five parts sit on the rows of the grid it is placed in (CSS subgrid), so
 * titles, prices, excerpts and buttons line up across a row whatever their length.
 */
export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const { t } = useTranslation();
  const href = `/product/${product.slug}`;
  const buyable = product.type === "simple" && product.stock.state !== "outofstock";
  return (
    <li className="product-small row-span-5 grid grid-rows-subgrid gap-2" data-product-id={product.id}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden rounded bg-stone-100">
        {product.image && (
          <Picture
            image={product.image}
            sizes="(min-width: 1152px) 360px, (min-width: 550px) 33vw, 50vw"
            className="aspect-square w-full object-cover"
            eager={eager}
          />
        )}
      </Link>
      <h3 className="product-title text-base font-semibold leading-snug">
        <Link to={href} className="hover:text-brand">
          {product.name}
        </Link>
      </h3>
      <div className="price-wrapper">
        <Price price={product.price} />
        {/* A grouped product's stock is its children's; an external one's the other store's. */}
        {(product.type === "simple" || product.type === "variable") && <StockStatus stock={product.stock} />}
      </div>
      <p className="product-excerpt text-sm text-stone-600">{product.shortDescription}</p>
      <div className="add-to-cart-button self-end">
        {buyable ? (
          <AddToCartButton productId={product.id} productName={product.name} />
        ) : product.type === "external" ? (
          <ExternalButton
            productId={product.id}
            text={product.buttonText}
            label={t("catalogue.buyProductNamed", {
              text: product.buttonText || t("product.buyProduct"),
              name: product.name,
            })}
            className="block w-full rounded bg-brand px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-dark"
          />
        ) : (
          <Link
            to={href}
            className="block w-full rounded border border-brand px-3 py-2 text-center text-sm font-semibold text-brand hover:bg-emerald-50"
            aria-label={t(
              product.type === "variable"
                ? "catalogue.selectOptionsNamed"
                : product.type === "grouped"
                  ? "catalogue.viewProductsNamed"
                  : "catalogue.outOfStockNamed",
              { name: product.name },
            )}
          >
            {product.type === "variable"
              ? t("catalogue.selectOptions")
              : product.type === "grouped"
                ? t("catalogue.viewProducts")
                : t("stock.outofstock")}
          </Link>
        )}
        {/* The quick view holds a simple or variable product's form; the others lead to their page. */}
        {(product.type === "simple" || product.type === "variable") && (
          <QuickViewButton productId={product.id} productName={product.name} />
        )}
      </div>
    </li>
  );
}

/**
 * A grid of product boxes. `leading`: the grid opens the page (a listing, search results), so its
 * first picture is the page's largest one, asked for at once with high priority, not lazily.
 */
export function ProductGrid({
  products,
  label,
  leading = false,
}: {
  products: Card[];
  label?: string;
  leading?: boolean;
}) {
  return (
    <ul className="products grid grid-cols-2 gap-x-4 gap-y-8 min-[550px]:grid-cols-3" aria-label={label}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={leading && index === 0} />
      ))}
    </ul>
  );
}
