import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { QuickViewData } from "../../lib/quickview.ts";
import { purchaseLimit } from "../../lib/stock-rules.ts";
import { blockedReason, findVariation, selectionStateOf } from "../../lib/variation-selection.ts";
import { AddToCartForm } from "../product/add-to-cart-form.tsx";
import { Gallery } from "../product/gallery.tsx";
import { VariationSelects } from "../product/variation-selects.tsx";

/**
 * The product lightbox: image slider, variation form and quantity. Rendered to HTML by the
 * `vitrine_quickview` call and, from the same data, inside the quick-view dialog; it uses no router
 * hooks, so it renders outside the router too. Adding to the cart is the product page's plain post.
 */
export function QuickViewContent({ data }: { data: QuickViewData }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState("1");
  const variable = data.type === "variable";
  const variation = variable ? findVariation(data, chosen) : null;
  const state = selectionStateOf(data, chosen);
  const stock = variable ? (variation?.stock ?? null) : data.stock;
  const reason = blockedReason(state, stock !== null && stock.state !== "outofstock");
  const images = variation?.image ? [variation.image, ...data.images.slice(1)] : data.images;
  const chosenVariation = variation
    ? data.variations.find((candidate) => candidate.id === variation.id)
    : undefined;

  return (
    <div className="product-lightbox grid gap-6 md:grid-cols-2" data-product-id={data.id}>
      <Gallery images={images} zoom={false} idPrefix="quickview" sizes="(min-width: 768px) 24rem, 90vw" />
      <div className="space-y-4">
        <p className="price text-2xl">{chosenVariation?.priceText ?? data.priceText}</p>
        <p className="text-stone-700">{data.shortDescription}</p>
        {variable && (
          <div className="variations_form space-y-3">
            <VariationSelects
              attributes={data.attributes}
              chosen={chosen}
              idPrefix="quickview-"
              onChoose={setChosen}
            />
            {Object.values(chosen).some(Boolean) && (
              <button
                type="button"
                className="reset_variations text-sm underline"
                onClick={() => setChosen({})}
              >
                {t("product.clear")}
              </button>
            )}
            {state === "unavailable" && (
              <p className="text-sm text-sale" role="alert">
                {t("product.unavailable")}
              </p>
            )}
          </div>
        )}
        <AddToCartForm
          id="quickview-cart-form"
          productId={data.id}
          variationId={variation?.id ?? null}
          blockedReason={reason}
          quantity={quantity}
          onQuantityChange={setQuantity}
          maxQuantity={stock ? purchaseLimit(stock) : undefined}
          quantityId="quickview-quantity"
        />
        <a href={`/product/${data.slug}`} className="inline-block text-brand underline">
          {t("quickview.details")}
        </a>
      </div>
    </div>
  );
}
