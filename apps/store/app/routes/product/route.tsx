import { useRef, useState } from "react";
import { Breadcrumbs } from "../../components/ui/breadcrumbs.tsx";
import { Price } from "../../features/catalogue/price.tsx";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import { Gallery } from "../../features/product/gallery.tsx";
import { ProductDetails } from "../../features/product/product-details.tsx";
import { productSelection } from "../../features/product/product-selection.ts";
import { ProductSummary } from "../../features/product/product-summary.tsx";
import type { ReviewFormState } from "../../features/product/reviews.tsx";
import { StickyBar } from "../../features/product/sticky-bar.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { productJsonLd } from "./product-json-ld.ts";
import { loadProductPage } from "./product-page.server.ts";
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
    { name: "description", content: data.product.metaDescription || data.product.shortDescription },
    { "script:ld+json": productJsonLd(data.product, data.origin, data.currency) },
    // Hidden from the catalogue: it opens at its address, but search engines leave it out (decision 0079).
    ...(data.product.hidden ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

const CART_FORM_ID = "product-cart-form";
const VARIATIONS_FORM_ID = "variations-form";

export default function ProductRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, variation, zoom } = loaderData;
  const [quantity, setQuantity] = useState("1");
  const addButton = useRef<HTMLButtonElement>(null);
  const selection = productSelection(product, variation, loaderData.selectionState);
  const price = <Price price={selection.price} />;

  return (
    <article className="product" data-product-id={product.id}>
      <Breadcrumbs
        trail={product.categories
          .slice(0, 1)
          .map((category) => ({ to: `/product-category/${category.slug}`, label: category.name }))}
      />
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery images={selection.images} zoom={zoom} />
        <ProductSummary
          product={product}
          chosen={loaderData.chosen}
          variation={variation}
          selectionState={loaderData.selectionState}
          selection={selection}
          price={price}
          quantity={quantity}
          onQuantityChange={setQuantity}
          addButton={addButton}
          cartFormId={CART_FORM_ID}
          variationsFormId={VARIATIONS_FORM_ID}
        />
      </div>
      <ProductDetails
        product={product}
        description={loaderData.description}
        reviews={{
          guestsMayReview: loaderData.guestsMayReview,
          signedIn: loaderData.signedIn,
          notice: loaderData.reviewNotice,
        }}
        reviewForm={actionData as ReviewFormState | undefined}
      />
      {product.upsells.length > 0 && (
        <section aria-labelledby="upsells-heading" className="upsells mt-12">
          <h2 id="upsells-heading" className="mb-4 text-xl font-semibold">
            {t("product.upsells")}
          </h2>
          <ProductGrid products={product.upsells} />
        </section>
      )}
      {product.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="mb-4 text-xl font-semibold">
            {t("product.related")}
          </h2>
          <ProductGrid products={product.related} />
        </section>
      )}
      {(product.type === "simple" || product.type === "variable") && (
        <StickyBar
          productId={product.id}
          name={product.name}
          image={selection.images[0] ?? null}
          price={price}
          variable={selection.variable}
          watch={addButton}
          formId={CART_FORM_ID}
          variationsFormId={VARIATIONS_FORM_ID}
          quantity={quantity}
          onQuantityChange={setQuantity}
          maxQuantity={selection.maxQuantity}
          blocked={selection.reason !== null}
        />
      )}
    </article>
  );
}
