import type { ProductAttribute, VariationView } from "../../services/catalogue.server.ts";

export type SelectionState = "simple" | "incomplete" | "unavailable" | "available";

type Selectable = {
  type: "simple" | "variable";
  attributes: ProductAttribute[];
  variations: VariationView[];
};

/**
 * The variation whose attributes match every chosen value, once the choice is complete; the same
 * rule as the server's matchVariation, here for quick view, which chooses without a page load.
 */
export function findVariation(
  product: Selectable,
  chosen: Record<string, string | undefined>,
): VariationView | null {
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
