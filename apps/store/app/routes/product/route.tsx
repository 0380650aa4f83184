import { useTranslation } from "react-i18next";
import { Form, Link, useSubmit } from "react-router";
import { Picture } from "../../components/ui/picture.tsx";
import { Price } from "../../features/catalogue/price.tsx";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import { StockStatus } from "../../features/catalogue/stock-status.tsx";
import { formatDate } from "../../i18n/format.ts";
import type { Route } from "./+types/route";
import { loadProductPage } from "./product.server.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadProductPage(context, params.slug, new URL(request.url));
}

export function meta({ data }: Route.MetaArgs) {
  return data
    ? [{ title: data.product.name }, { name: "description", content: data.product.shortDescription }]
    : [];
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, chosen, variation, locale } = loaderData;
  const submit = useSubmit();
  const isVariable = product.type === "variable";
  const stock = isVariable ? (variation?.stock ?? null) : product.stock;
  const canBuy = stock !== null && stock.state !== "outofstock";
  const gallery = variation?.image
    ? [variation.image, ...product.images.filter((image) => image.id !== variation.image?.id)]
    : product.images;
  const maxQuantity = stock?.quantity ?? undefined;

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
        <section aria-label={t("product.gallery")} className="product-gallery grid grid-cols-2 gap-2">
          {gallery.map((image, index) => (
            <figure key={image.id} className={index === 0 ? "col-span-2" : ""}>
              <a href={image.large}>
                <Picture
                  image={image}
                  sizes={index === 0 ? "(min-width: 768px) 50vw, 100vw" : "(min-width: 768px) 25vw, 50vw"}
                  eager={index === 0}
                  className="w-full rounded bg-stone-100"
                />
              </a>
            </figure>
          ))}
        </section>
        <div className="summary space-y-4">
          <h1 className="product-title text-3xl font-semibold">{product.name}</h1>
          {product.reviewCount > 0 && (
            <p className="text-sm">
              <span aria-hidden="true">{"★".repeat(Math.round(product.averageRating)).padEnd(5, "☆")}</span>{" "}
              <span className="sr-only">
                {t("catalogue.rating", { rating: product.averageRating.toFixed(2) })}
              </span>
              <a href="#reviews" className="underline">
                {t("catalogue.reviewCount", { count: product.reviewCount })}
              </a>
            </p>
          )}
          <Price price={variation ? variation.price : product.price} className="text-2xl" />
          <p className="text-stone-700">{product.shortDescription}</p>

          {isVariable && (
            <Form
              method="get"
              className="variations_form space-y-3"
              preventScrollReset
              replace
              onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
            >
              {product.attributes
                .filter((attribute) => attribute.forVariations)
                .map((attribute) => (
                  <div key={attribute.slug} className="flex items-center gap-3">
                    <label htmlFor={`attribute_${attribute.slug}`} className="w-24 font-medium">
                      {attribute.label}
                    </label>
                    <select
                      id={`attribute_${attribute.slug}`}
                      name={`attribute_${attribute.slug}`}
                      defaultValue={chosen[attribute.slug] ?? ""}
                      key={chosen[attribute.slug] ?? ""}
                      className="rounded border border-stone-300 px-2 py-1"
                    >
                      <option value="">{t("product.chooseOption")}</option>
                      {attribute.options.map((option) => (
                        <option key={option.slug} value={option.slug}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              <div className="flex gap-3">
                <button type="submit" className="rounded border border-stone-300 px-3 py-1 text-sm">
                  {t("product.choose")}
                </button>
                {Object.keys(chosen).length > 0 && (
                  <Link
                    to={`/product/${product.slug}`}
                    replace
                    preventScrollReset
                    className="text-sm underline"
                  >
                    {t("product.clear")}
                  </Link>
                )}
              </div>
              {loaderData.selectionState === "incomplete" && (
                <p className="text-sm text-stone-600">{t("product.makeSelection")}</p>
              )}
              {loaderData.selectionState === "unavailable" && (
                <p className="text-sm text-sale" role="alert">
                  {t("product.unavailable")}
                </p>
              )}
            </Form>
          )}

          {stock && <StockStatus stock={stock} detailed />}

          <Form method="post" action="/cart" className="cart flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="product_id" value={product.id} />
            {variation && <input type="hidden" name="variation_id" value={variation.id} />}
            <div>
              <label htmlFor="quantity" className="block text-sm font-medium">
                {t("product.quantity")}
              </label>
              <input
                id="quantity"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={maxQuantity}
                step={1}
                defaultValue={1}
                className="w-20 rounded border border-stone-300 px-2 py-2"
              />
            </div>
            <button
              type="submit"
              name="add-to-cart"
              value={product.id}
              disabled={!canBuy}
              className="single_add_to_cart_button rounded bg-brand px-6 py-2 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50"
            >
              {t("catalogue.addToCart")}
            </button>
          </Form>

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
                  ))}
                </dd>
              </div>
            )}
          </dl>
        </div>
      </div>

      <section id="tab-description" aria-labelledby="description-heading" className="mt-12">
        <h2 id="description-heading" className="mb-2 text-xl font-semibold">
          {t("product.description")}
        </h2>
        <div className="prose-store max-w-prose whitespace-pre-line text-stone-800">
          {product.description}
        </div>
      </section>

      {product.attributes.length > 0 && (
        <section id="tab-additional_information" aria-labelledby="attributes-heading" className="mt-8">
          <h2 id="attributes-heading" className="mb-2 text-xl font-semibold">
            {t("product.additionalInformation")}
          </h2>
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
        </section>
      )}

      <section id="reviews" aria-labelledby="reviews-heading" className="mt-8">
        <h2 id="reviews-heading" className="mb-2 text-xl font-semibold">
          {t("product.reviews", { count: product.reviewCount })}
        </h2>
        {product.reviews.length === 0 ? (
          <p>{t("product.noReviews")}</p>
        ) : (
          <ol className="space-y-4">
            {product.reviews.map((review) => (
              <li key={review.id} id={`comment-${review.id}`} className="border-b border-stone-200 pb-3">
                <p className="text-sm">
                  <span aria-hidden="true">{"★".repeat(review.rating).padEnd(5, "☆")}</span>
                  <span className="sr-only">{t("catalogue.rating", { rating: review.rating })}</span>{" "}
                  {t("product.reviewBy", { author: review.author, date: formatDate(review.date, locale) })}
                </p>
                <p className="mt-1">{review.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      {product.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="mb-4 text-xl font-semibold">
            {t("product.related")}
          </h2>
          <ProductGrid products={product.related} />
        </section>
      )}
    </article>
  );
}
