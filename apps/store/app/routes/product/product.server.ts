import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import { matchVariation, productBySlug } from "../../services/catalogue.server.ts";

/** A product and, for a variable one, the variation chosen in the URL (`?attribute_color=red&…`). */
export async function loadProductPage(context: AppLoadContext, slug: string, url: URL) {
  const product = await productBySlug(context.db, slug, context.locale);
  if (!product) throw data(null, { status: 404 });

  const chosen: Record<string, string> = {};
  for (const attribute of product.attributes) {
    const value = url.searchParams.get(`attribute_${attribute.slug}`);
    if (value && attribute.options.some((option) => option.slug === value)) chosen[attribute.slug] = value;
  }
  const variation = product.type === "variable" ? matchVariation(product, chosen) : null;
  const complete = product.attributes.filter((a) => a.forVariations).every((a) => chosen[a.slug]);
  const selectionState =
    product.type !== "variable"
      ? "simple"
      : !complete
        ? "incomplete"
        : !variation || variation.stock.state === "outofstock"
          ? "unavailable"
          : "available";
  return { product, chosen, variation, selectionState, locale: context.locale } as const;
}
