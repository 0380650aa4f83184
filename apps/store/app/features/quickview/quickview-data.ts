import type { ProductAttribute, Stock, VariationView } from "../../services/catalogue.server.ts";
import type { ImageView } from "../../services/media.server.ts";

/** What the quick-view lightbox shows; the server formats the prices in the shopper's language. */
export type QuickViewData = {
  id: number;
  slug: string;
  type: "simple" | "variable";
  name: string;
  shortDescription: string;
  priceText: string;
  stock: Stock;
  images: ImageView[];
  attributes: ProductAttribute[];
  variations: Array<VariationView & { priceText: string }>;
};

/** The id of the JSON data block inside the quick-view HTML. */
export const QUICKVIEW_DATA_ID = "vitrine-quickview-data";

/**
 * Reads the data block out of the quick-view HTML without running or inserting any of that HTML:
 * the dialog renders its own components from the data.
 */
export function parseQuickViewHtml(html: string): QuickViewData | null {
  const document = new DOMParser().parseFromString(html, "text/html");
  const block = document.getElementById(QUICKVIEW_DATA_ID);
  if (!block) return null;
  if (block.getAttribute("type") !== "application/json") return null;
  try {
    const value: unknown = JSON.parse(block.textContent ?? "");
    return isQuickViewData(value) ? value : null;
  } catch {
    return null;
  }
}

function isQuickViewData(value: unknown): value is QuickViewData {
  if (!value || typeof value !== "object") return false;
  const data = value as Record<string, unknown>;
  return (
    typeof data.id === "number" &&
    typeof data.slug === "string" &&
    (data.type === "simple" || data.type === "variable") &&
    typeof data.name === "string" &&
    typeof data.priceText === "string" &&
    Array.isArray(data.images) &&
    Array.isArray(data.attributes) &&
    Array.isArray(data.variations) &&
    typeof data.stock === "object"
  );
}
