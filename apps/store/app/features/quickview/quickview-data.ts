import type { QuickViewData } from "../../lib/quickview.ts";

export type { QuickViewData };

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
