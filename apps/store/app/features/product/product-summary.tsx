import type { ReactNode, Ref } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductPage, VariationView } from "../../lib/catalogue.ts";
import type { SelectionState } from "../../lib/variation-selection.ts";
import { StockStatus } from "../catalogue/stock-status.tsx";
import { AddToCartForm } from "./add-to-cart-form.tsx";
import { ExternalButton } from "./external-button.tsx";
import { GroupedForm } from "./grouped-form.tsx";
import { ProductMeta } from "./product-meta.tsx";
import type { ProductSelection } from "./product-selection.ts";
import { ReviewLink } from "./reviews.tsx";
import { VariationsForm } from "./variations-form.tsx";

/**
 * The column beside the gallery: title, rating, price, short description, the variation choices,
 * stock, the add-to-cart form and the product's meta. The quantity is the page's (the sticky bar
 * shares it), and so is the add button's ref, which the sticky bar watches.
 */
export function ProductSummary({
  product,
  chosen,
  variation,
  selectionState,
  selection,
  price,
  quantity,
  onQuantityChange,
  addButton,
  cartFormId,
  variationsFormId,
}: {
  product: ProductPage;
  chosen: Record<string, string>;
  variation: VariationView | null;
  selectionState: SelectionState;
  selection: ProductSelection;
  price: ReactNode;
  quantity: string;
  onQuantityChange: (value: string) => void;
  addButton: Ref<HTMLButtonElement>;
  cartFormId: string;
  variationsFormId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="summary space-y-4">
      <h1 className="product-title text-3xl font-semibold">{product.name}</h1>
      {product.reviewCount > 0 && (
        <p className="text-sm">
          <span aria-hidden="true">{"★".repeat(Math.round(product.averageRating)).padEnd(5, "☆")}</span>{" "}
          <span className="sr-only">
            {t("catalogue.rating", { rating: product.averageRating.toFixed(2) })}
          </span>
          <ReviewLink count={product.reviewCount} />
        </p>
      )}
      <div className="text-2xl">{price}</div>
      <p className="text-stone-700">{product.shortDescription}</p>
      {selection.variable && (
        <VariationsForm
          id={variationsFormId}
          product={product}
          chosen={chosen}
          selectionState={selectionState}
        />
      )}
      {product.type === "external" ? (
        <ExternalButton
          productId={product.id}
          text={product.buttonText}
          className="single_add_to_cart_button inline-flex h-10 items-center rounded bg-brand px-6 font-semibold text-white hover:bg-brand-dark"
        />
      ) : product.type === "grouped" ? (
        <GroupedForm productId={product.id} children={product.grouped} />
      ) : (
        <>
          {selection.stock && <StockStatus stock={selection.stock} detailed />}
          <AddToCartForm
            ref={addButton}
            id={cartFormId}
            productId={product.id}
            variationId={variation?.id ?? null}
            blockedReason={selection.reason}
            quantity={quantity}
            onQuantityChange={onQuantityChange}
            maxQuantity={selection.maxQuantity}
            quantityId="quantity"
          />
        </>
      )}
      <ProductMeta product={product} sku={variation?.sku ?? product.sku} />
    </div>
  );
}
