import type { TFunction } from "i18next";
import { Link } from "react-router";
import { ADMIN_BUTTON, ADMIN_NARROW_FIELD } from "../../../components/ui/back-office-classes.ts";
import { type DataColumn, DataTable } from "../../../components/ui/data-table.tsx";
import { sortColumn } from "../../../components/ui/data-table-selection.ts";
import { PageLinks } from "../../../components/ui/pagination.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AdminProduct, CategoryOption } from "../../../lib/admin-products.ts";
import { useMoney } from "../../catalogue/use-money.ts";

export type { AdminProduct as ProductRow, CategoryOption };

type Params = {
  search?: string | undefined;
  category?: number | undefined;
  stock_status?: string | undefined;
  status?: string | undefined;
  orderby?: string | undefined;
  order?: string | undefined;
};

/**
 * The back office's product list (issue 16): search, filter by category, stock and status, sort,
 * and page. The filters are a plain GET form, so the list is an address that can be kept and shared
 * (React Router's `Form` would add its code to every storefront page's first script).
 */
export function ProductTable({
  products,
  total,
  page,
  pages,
  params,
  categories,
}: {
  products: AdminProduct[];
  total: number;
  page: number;
  pages: number;
  params: Params;
  categories: CategoryOption[];
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const href = (n: number) => {
    const query = new URLSearchParams(
      Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    );
    if (n > 1) query.set("page", String(n));
    const text = query.toString();
    return `/admin/products${text ? `?${text}` : ""}`;
  };
  return (
    <div className="space-y-6">
      <form
        method="get"
        action="/admin/products"
        className="flex flex-wrap items-end gap-3"
        aria-label={t("backOffice.products.filters")}
      >
        <label className="text-sm">
          {t("backOffice.products.search")}
          <input
            type="search"
            name="search"
            defaultValue={params.search ?? ""}
            className={ADMIN_NARROW_FIELD}
          />
        </label>
        <label className="text-sm">
          {t("backOffice.products.category")}
          <select name="category" defaultValue={params.category ?? ""} className={ADMIN_NARROW_FIELD}>
            <option value="">{t("backOffice.products.any")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {"\u2014 ".repeat(category.depth)}
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t("backOffice.products.stock")}
          <select name="stock_status" defaultValue={params.stock_status ?? ""} className={ADMIN_NARROW_FIELD}>
            <option value="">{t("backOffice.products.any")}</option>
            {(["instock", "outofstock", "onbackorder"] as const).map((state) => (
              <option key={state} value={state}>
                {t(`backOffice.products.stockStatus.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t("backOffice.products.status")}
          <select name="status" defaultValue={params.status ?? ""} className={ADMIN_NARROW_FIELD}>
            <option value="">{t("backOffice.products.any")}</option>
            {(["publish", "draft"] as const).map((status) => (
              <option key={status} value={status}>
                {t(`backOffice.products.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t("backOffice.products.sortBy")}
          <select name="orderby" defaultValue={params.orderby ?? "id"} className={ADMIN_NARROW_FIELD}>
            {(["id", "name", "price", "date", "stock"] as const).map((field) => (
              <option key={field} value={field}>
                {t(`backOffice.products.sort.${field}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t("backOffice.products.order")}
          <select name="order" defaultValue={params.order ?? "asc"} className={ADMIN_NARROW_FIELD}>
            <option value="asc">{t("backOffice.products.ascending")}</option>
            <option value="desc">{t("backOffice.products.descending")}</option>
          </select>
        </label>
        <button type="submit" className={ADMIN_BUTTON}>
          {t("backOffice.products.apply")}
        </button>
      </form>

      <p role="status">{t("backOffice.products.count", { count: total })}</p>
      <DataTable
        rows={products}
        columns={productColumns(t, money, params)}
        rowKey={(product) => String(product.id)}
        caption={t("backOffice.products.title")}
        className="product-table"
      />
      {/* The first, the last and three either side of this one: a large catalogue has thousands. */}
      <PageLinks label={t("backOffice.products.pages")} page={page} pages={pages} href={href} either={3} />
    </div>
  );
}

/**
 * The list's columns; name, price and stock sort the list from their headers, through the same
 * address as the "Sort by" and "Order" filters.
 */
function productColumns(
  t: TFunction,
  money: (cents: number) => string,
  params: Params,
): DataColumn<AdminProduct>[] {
  const current = {
    orderby: params.orderby ?? "id",
    order: params.order === "desc" ? "desc" : "asc",
  } as const;
  const sort = (column: string) => sortColumn("/admin/products", params, column, current);
  return [
    {
      key: "name",
      header: t("backOffice.products.name"),
      sort: sort("name"),
      cell: (product) => (
        <>
          <Link to={`/admin/products/${product.id}`} className="font-medium text-brand underline">
            {product.name ?? product.slug}
          </Link>
          {product.type === "variable" && (
            <span className="ml-2 text-stone-600">({t("backOffice.products.types.variable")})</span>
          )}
        </>
      ),
    },
    { key: "sku", header: t("backOffice.products.sku"), cell: (product) => product.sku ?? "—" },
    {
      key: "price",
      header: t("backOffice.products.price"),
      sort: sort("price"),
      cell: (product) =>
        product.salePrice === null ? (
          money(product.regularPrice)
        ) : (
          <>
            <del>{money(product.regularPrice)}</del> {money(product.salePrice)}
          </>
        ),
    },
    {
      key: "stock",
      header: t("backOffice.products.stock"),
      sort: sort("stock"),
      cell: (product) => (
        <>
          {t(`backOffice.products.stockStatus.${product.stockStatus}`)}
          {product.stockQuantity !== null && ` (${product.stockQuantity})`}
        </>
      ),
    },
    {
      key: "status",
      header: t("backOffice.products.status"),
      cell: (product) => t(`backOffice.products.statuses.${product.status}`),
    },
  ];
}
