import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductPage } from "../../lib/catalogue.ts";
import { ProductSidebar } from "./product-sidebar.tsx";

const categoryPath = (slug: string) => `/product-category/${slug}`;

/** SKU and categories under the add-to-cart form, then the off-canvas sidebar they link to. */
export function ProductMeta({ product, sku }: { product: ProductPage; sku: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="product_meta space-y-1 text-sm text-stone-600">
        {sku && (
          <div className="flex gap-2">
            <dt>{t("product.sku")}</dt>
            <dd>{sku}</dd>
          </div>
        )}
        {product.categories.length > 0 && (
          <div className="flex gap-2">
            <dt>{t("product.category")}</dt>
            <dd>
              {product.categories.map((category, index) => (
                <span key={category.slug}>
                  {index > 0 && ", "}
                  <Link to={categoryPath(category.slug)} className="underline">
                    {category.name}
                  </Link>
                </span>
              ))}{" "}
              ·{" "}
              <a href="#product-sidebar" className="underline">
                {t("product.sidebarLink")}
              </a>
            </dd>
          </div>
        )}
        {product.tags.length > 0 && (
          <div className="flex gap-2">
            <dt>{t("product.tags")}</dt>
            <dd>
              {product.tags.map((tag, index) => (
                <span key={tag.slug}>
                  {index > 0 && ", "}
                  <Link to={`/product-tag/${tag.slug}`} rel="tag" className="underline">
                    {tag.name}
                  </Link>
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <ProductSidebar title={t("product.sidebarTitle")}>
        <h3 className="mb-1 text-sm font-semibold uppercase text-stone-600">{t("product.categories")}</h3>
        <ul className="mb-4 space-y-1">
          {product.categories.map((category) => (
            <li key={category.slug}>
              <Link to={categoryPath(category.slug)} className="underline">
                {category.name}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/shop" className="underline">
              {t("catalogue.shopTitle")}
            </Link>
          </li>
        </ul>
        {product.related.length > 0 && (
          <>
            <h3 className="mb-1 text-sm font-semibold uppercase text-stone-600">
              {t("product.moreLikeThis")}
            </h3>
            <ul className="space-y-1">
              {product.related.map((related) => (
                <li key={related.id}>
                  <Link to={`/product/${related.slug}`} className="underline">
                    {related.name}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </ProductSidebar>
    </>
  );
}
