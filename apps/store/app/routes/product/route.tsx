import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSubmit } from "react-router";
import { Price } from "../../features/catalogue/price.tsx";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import { StockStatus } from "../../features/catalogue/stock-status.tsx";
import {
  AddToCartForm,
  blockedReason,
  Gallery,
  ProductSidebar,
  ProductTabs,
  type ReviewFormState,
  ReviewLink,
  ReviewsSection,
  StickyBar,
  VariationSelects,
} from "../../features/product/index.ts";
import type { Route } from "./+types/route";
import { loadProductPage } from "./product.server.ts";
import { productJsonLd } from "./product-json-ld.ts";
import { handleProductAction } from "./review-action.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadProductPage(context, params.slug, request);
}

export async function action({ context, params, request }: Route.ActionArgs) {
  return handleProductAction(context, request, params.slug);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: data.product.name },
    { name: "description", content: data.product.shortDescription },
    { "script:ld+json": productJsonLd(data.product, data.origin, data.currency) },
  ];
}

const CART_FORM_ID = "product-cart-form";
const VARIATIONS_FORM_ID = "variations-form";

export default function ProductRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, chosen, variation, selectionState, locale, zoom } = loaderData;
  const submit = useSubmit();
  const [quantity, setQuantity] = useState("1");
  const [choice, setChoice] = useState(chosen);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setChoice(chosen), [chosen]);

  const isVariable = product.type === "variable";
  const stock = isVariable ? (variation?.stock ?? null) : product.stock;
  const inStock = stock !== null && stock.state !== "outofstock";
  const reason = blockedReason(selectionState, inStock);
  // A chosen variation's picture takes the first slide's place (spec §4 "Variation display").
  const images = variation?.image ? [variation.image, ...product.images.slice(1)] : product.images;
  const maxQuantity = stock?.quantity ?? undefined;
  const price = <Price price={variation ? variation.price : product.price} />;

  const choose = (attribute: string, value: string) => {
    const next = { ...choice, [attribute]: value };
    setChoice(next);
    const params = new URLSearchParams();
    for (const [slug, option] of Object.entries(next)) if (option) params.set(`attribute_${slug}`, option);
    submit(params, { method: "get", replace: true, preventScrollReset: true });
  };
  const reviewForm = actionData as ReviewFormState | undefined;

  return (
    <article className="product" data-product-id={product.id}>
      <nav aria-label={t("site.breadcrumb")} className="mb-4 text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/">{t("site.home")}</Link>
          </li>
          {product.categories.slice(0, 1).map((category) => (
            <li key={category.slug} className="flex gap-1">
              <span aria-hidden="true">/</span>
              <Link to={`/product-category/${category.slug}`}>{category.name}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery images={images} zoom={zoom} />
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

          {isVariable && (
            <form
              id={VARIATIONS_FORM_ID}
              method="get"
              className="variations_form space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                submit(event.currentTarget, { replace: true, preventScrollReset: true });
              }}
            >
              <VariationSelects attributes={product.attributes} chosen={choice} onChoose={choose} />
              <div className="flex gap-3">
                <button type="submit" className="rounded border border-stone-300 px-3 py-1 text-sm">
                  {t("product.choose")}
                </button>
                {Object.keys(chosen).length > 0 && (
                  <Link
                    to={`/product/${product.slug}`}
                    replace
                    preventScrollReset
                    onClick={() => setChoice({})}
                    className="reset_variations text-sm underline"
                  >
                    {t("product.clear")}
                  </Link>
                )}
              </div>
              {selectionState === "incomplete" && (
                <p className="text-sm text-stone-600">{t("product.makeSelection")}</p>
              )}
              {selectionState === "unavailable" && (
                <p className="text-sm text-sale" role="alert">
                  {t("product.unavailable")}
                </p>
              )}
            </form>
          )}

          {stock && <StockStatus stock={stock} detailed />}

          <AddToCartForm
            ref={addButton}
            id={CART_FORM_ID}
            productId={product.id}
            variationId={variation?.id ?? null}
            blockedReason={reason}
            quantity={quantity}
            onQuantityChange={setQuantity}
            maxQuantity={maxQuantity}
            quantityId="quantity"
          />

          <dl className="product_meta space-y-1 text-sm text-stone-600">
            {(variation?.sku ?? product.sku) && (
              <div className="flex gap-2">
                <dt>{t("product.sku")}</dt>
                <dd>{variation?.sku ?? product.sku}</dd>
              </div>
            )}
            {product.categories.length > 0 && (
              <div className="flex gap-2">
                <dt>{t("product.category")}</dt>
                <dd>
                  {product.categories.map((category, index) => (
                    <span key={category.slug}>
                      {index > 0 && ", "}
                      <Link to={`/product-category/${category.slug}`} className="underline">
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
          </dl>
          <ProductSidebar title={t("product.sidebarTitle")}>
            <h3 className="mb-1 text-sm font-semibold uppercase text-stone-600">{t("product.categories")}</h3>
            <ul className="mb-4 space-y-1">
              {product.categories.map((category) => (
                <li key={category.slug}>
                  <Link to={`/product-category/${category.slug}`} className="underline">
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
        </div>
      </div>

      <ProductTabs
        tabs={[
          {
            id: "description",
            title: t("product.description"),
            content: (
              <div className="prose-store max-w-prose whitespace-pre-line text-stone-800">
                {product.description}
              </div>
            ),
          },
          ...(product.attributes.length > 0
            ? [
                {
                  id: "additional_information",
                  title: t("product.additionalInformation"),
                  content: (
                    <table className="text-sm">
                      <tbody>
                        {product.attributes.map((attribute) => (
                          <tr key={attribute.slug}>
                            <th scope="row" className="pr-6 text-left font-medium">
                              {attribute.label}
                            </th>
                            <td>{attribute.options.map((option) => option.label).join(", ")}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ),
                },
              ]
            : []),
          {
            id: "reviews",
            title: t("product.reviews", { count: product.reviewCount }),
            content: (
              <ReviewsSection
                productName={product.name}
                reviews={product.reviews}
                locale={locale}
                guestsMayReview={loaderData.guestsMayReview}
                signedIn={loaderData.signedIn}
                notice={loaderData.reviewNotice}
                form={reviewForm}
              />
            ),
          },
        ]}
      />

      {product.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="mb-4 text-xl font-semibold">
            {t("product.related")}
          </h2>
          <ProductGrid products={product.related} />
        </section>
      )}

      <StickyBar
        productId={product.id}
        name={product.name}
        image={images[0] ?? null}
        price={price}
        variable={isVariable}
        watch={addButton}
        formId={CART_FORM_ID}
        variationsFormId={VARIATIONS_FORM_ID}
        quantity={quantity}
        onQuantityChange={setQuantity}
        maxQuantity={maxQuantity}
        blocked={reason !== null}
      />
    </article>
  );
}
