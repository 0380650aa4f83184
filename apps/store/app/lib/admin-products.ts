import type { ProductType } from "./catalogue.ts";

/** The back office's products as the list shows them: shared by the service that reads them and the page. */

export type StockStatus = "instock" | "outofstock" | "onbackorder";

export type AdminProduct = {
  id: number;
  slug: string;
  type: ProductType;
  status: "publish" | "draft";
  sku: string | null;
  regularPrice: number;
  salePrice: number | null;
  stockQuantity: number | null;
  stockStatus: StockStatus;
  totalSales: number;
  /** The English name; null for a product without one. */
  name: string | null;
};

/** A category as a choice in a list: its name in the page's language and its depth in the tree. */
export type CategoryOption = { id: number; name: string; depth: number };
