import { stockStatusFor } from "../../lib/stock-rules.ts";
import type { ProductKind, WooProductRow } from "../../lib/woo-product-csv.ts";

/**
 * What an import row asks of a product, as the store would keep it (decision 0074): the file's
 * fields over the product's current row, then the store's rules (a stock count decides the stock
 * state, a variable product's price and stock are its variations'), so that comparing it with the
 * current row says whether anything would change.
 */

/** A row of the file laid over the current row: only the fields the file has replace. */
export function overlay(current: WooProductRow, incoming: WooProductRow): WooProductRow {
  const merged: WooProductRow = { ...current };
  for (const [key, value] of Object.entries(incoming) as Array<[keyof WooProductRow, unknown]>) {
    if (value === undefined || key === "meta") continue;
    (merged as Record<string, unknown>)[key] = value;
  }
  if (incoming.meta) merged.meta = { ...current.meta, ...incoming.meta };
  // WooCommerce leaves Low stock amount empty for "the store's threshold", and the write keeps the
  // product's threshold then (`coalesce`): compared as kept, or every stocked product reads as changed.
  if (incoming.lowStockAmount === null) merged.lowStockAmount = current.lowStockAmount ?? null;
  return merged;
}

/** A new product's or variation's row before the file's fields (the schema's defaults). */
export function blankRow(kind: ProductKind): WooProductRow {
  return {
    type: kind,
    virtual: false,
    downloadable: false,
    sku: null,
    gtin: null,
    name: "",
    published: "publish",
    featured: false,
    catalogVisibility: "visible",
    shortDescription: "",
    description: "",
    saleFrom: null,
    saleTo: null,
    taxStatus: "taxable",
    taxClass: kind === "variation" ? "parent" : "",
    stockStatus: "instock",
    stock: null,
    lowStockAmount: null,
    backorders: "no",
    reviewsAllowed: true,
    salePrice: null,
    regularPrice: null,
    categories: [],
    tags: [],
    shippingClass: "",
    images: [],
    parent: null,
    grouped: [],
    upsells: [],
    crossSells: [],
    externalUrl: null,
    buttonText: null,
    position: 0,
    attributes: [],
    downloads: [],
    downloadLimit: -1,
    downloadExpiry: -1,
    meta: {},
  };
}

/**
 * A download the file names without its ID (a file written by hand) is the product's download of
 * the same address, whose ID it keeps: the ID is what the orders' permissions hold to.
 */
export function keepDownloadIds(current: WooProductRow | undefined, desired: WooProductRow): WooProductRow {
  if (!desired.downloads?.some((download) => download.id === "")) return desired;
  const byUrl = new Map((current?.downloads ?? []).map((download) => [download.url, download.id]));
  return {
    ...desired,
    downloads: desired.downloads.map((download) =>
      download.id === "" ? { ...download, id: byUrl.get(download.url) ?? "" } : download,
    ),
  };
}

/** The store's rules applied to a row, so that two rows meaning the same product compare equal. */
export function normalise(row: WooProductRow): WooProductRow {
  const out = { ...row };
  const kind = out.type ?? "simple";
  if (kind === "variable") {
    // Derived from the variations (decision 0033): a file's figures for them are left aside.
    out.regularPrice = null;
    out.salePrice = null;
    out.stock = null;
    out.saleFrom = null;
    out.saleTo = null;
  } else if (kind === "grouped") {
    out.regularPrice = null;
    out.salePrice = null;
  } else {
    out.regularPrice = out.regularPrice ?? 0;
  }
  if (kind !== "variable" && out.stock !== null && out.stock !== undefined) {
    // Below zero only with backorders allowed (decision 0080); without them the file's count is 0.
    if (out.stock < 0 && (out.backorders ?? "no") === "no") out.stock = 0;
    out.stockStatus = stockStatusFor(out.stock, out.backorders ?? "no", "instock");
  }
  if (out.stock === null || out.stock === undefined) out.lowStockAmount = null;
  if (kind !== "external") out.externalUrl = null;
  if (kind !== "external" && kind !== "variation") out.buttonText = null;
  out.attributes = (out.attributes ?? [])
    // A variation's empty value is WooCommerce's "any" (the store keeps no term for it, as its export shows).
    .filter((attribute) => kind !== "variation" || (attribute.values[0] ?? "") !== "")
    .map((attribute) => ({
      ...attribute,
      visible: kind === "variation" ? null : (attribute.visible ?? true),
    }));
  out.categories = [...(out.categories ?? [])].sort((a, b) => a.join(">").localeCompare(b.join(">")));
  out.tags = [...new Set(out.tags ?? [])].sort((a, b) => a.localeCompare(b));
  return out;
}

/** The fields each phase writes and compares. */
const PRODUCT_FIELDS = [
  "type",
  "virtual",
  "downloadable",
  "sku",
  "gtin",
  "name",
  "published",
  "featured",
  "catalogVisibility",
  "shortDescription",
  "description",
  "saleFrom",
  "saleTo",
  "taxStatus",
  "taxClass",
  "stockStatus",
  "stock",
  "lowStockAmount",
  "backorders",
  "reviewsAllowed",
  "salePrice",
  "regularPrice",
  "categories",
  "tags",
  "shippingClass",
  "images",
  "externalUrl",
  "buttonText",
  "position",
  "attributes",
  "downloads",
  "downloadLimit",
  "downloadExpiry",
] as const satisfies ReadonlyArray<keyof WooProductRow>;

const VARIATION_FIELDS = [
  "virtual",
  "downloadable",
  "sku",
  "saleFrom",
  "saleTo",
  "taxClass",
  "stockStatus",
  "stock",
  "backorders",
  "salePrice",
  "regularPrice",
  "shippingClass",
  "images",
  "position",
  "attributes",
  "downloads",
  "downloadLimit",
  "downloadExpiry",
] as const satisfies ReadonlyArray<keyof WooProductRow>;

/** The parts of a product that differ between two normalised rows (meta: Vitrine's keys only). */
export function changedFields(
  current: WooProductRow,
  desired: WooProductRow,
  metaKeys: readonly string[],
): string[] {
  const fields: readonly string[] = desired.type === "variation" ? VARIATION_FIELDS : PRODUCT_FIELDS;
  const changed = fields.filter(
    (field) =>
      JSON.stringify(current[field as keyof WooProductRow] ?? null) !==
      JSON.stringify(desired[field as keyof WooProductRow] ?? null),
  );
  if (desired.type !== "variation")
    for (const key of metaKeys)
      if ((current.meta?.[key] ?? "") !== (desired.meta?.[key] ?? "")) changed.push(`meta:${key}`);
  return changed;
}
