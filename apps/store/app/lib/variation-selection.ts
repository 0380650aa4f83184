import type { ProductAttribute, ProductType, VariationView } from "./catalogue.ts";

export type SelectionState = "simple" | "incomplete" | "unavailable" | "available";

type Selectable = {
  type: ProductType;
  attributes: ProductAttribute[];
  variations: VariationView[];
};

/**
 * The variation whose attributes match every chosen value, once the choice is complete; a variation
 * without a value for an attribute takes any. The one rule for the product page's loader, quick view
 * (which chooses without a page load) and add to cart by `attribute_*` fields.
 */
export function findVariation<V extends Pick<VariationView, "attributes">>(
  product: { attributes: ProductAttribute[]; variations: V[] },
  chosen: Record<string, string | undefined>,
): V | null {
  const needed = product.attributes.filter((attribute) => attribute.forVariations);
  if (needed.some((attribute) => !chosen[attribute.slug])) return null;
  return (
    product.variations.find((variation) =>
      needed.every((attribute) => {
        const value = variation.attributes[attribute.slug];
        return value === undefined || value === chosen[attribute.slug];
      }),
    ) ?? null
  );
}

export function selectionStateOf(
  product: Selectable,
  chosen: Record<string, string | undefined>,
): SelectionState {
  if (product.type !== "variable") return "simple";
  const complete = product.attributes.filter((a) => a.forVariations).every((a) => chosen[a.slug]);
  if (!complete) return "incomplete";
  const variation = findVariation(product, chosen);
  return !variation || variation.stock.state === "outofstock" ? "unavailable" : "available";
}

/** The translation key that explains why buying is blocked, or null when it is not. */
export function blockedReason(state: SelectionState, inStock: boolean): string | null {
  if (state === "incomplete") return "product.makeSelection";
  if (state === "unavailable") return "product.unavailable";
  if (state === "simple" && !inStock) return "product.unavailable";
  return null;
}
