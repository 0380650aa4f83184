import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { z } from "zod";
import { findVariation, selectionStateOf } from "../../lib/variation-selection.ts";
import { productBySlug } from "../../services/catalogue/catalogue.server.ts";
import { loadReviewSettings } from "../../services/catalogue/reviews.server.ts";
import { loadPageRichText } from "../../services/content/rich-text.server.ts";
import { PageTags } from "../../services/shared/page-tags.server.ts";
import { movedTo } from "../../services/shared/redirects.server.ts";
import { isMobileUserAgent } from "../../services/shared/user-agent.server.ts";

/** `?review=pending|approved`: where a review form's post lands, to say what became of it. */
const reviewNotice = z.enum(["pending", "approved"]).nullable().catch(null);

/** A product and, for a variable one, the variation chosen in the URL (`?attribute_color=red&…`). */
export async function loadProductPage(context: AppLoadContext, slug: string, request: Request) {
  const url = new URL(request.url);
  const [product, reviewSettings, session] = await Promise.all([
    context
      .shownPrices()
      .then((prices) => productBySlug(context.db, slug, context.locale, context.siteCache, prices)),
    context.siteCache.get("settings:reviews", () => loadReviewSettings(context.db)),
    context.session.hasCookie && !context.sharedPage ? context.session.get() : null,
  ]);
  if (!product) {
    // A product whose slug changed answers at its new address, with the same query (decision 0034).
    const moved = await movedTo(context.db, `/product/${slug}`);
    throw moved ? redirect(`${moved}${url.search}`, 301) : data(null, { status: 404 });
  }
  const shown = [...product.related, ...product.grouped, ...product.upsells];
  for (const id of [product.id, ...shown.map((card) => card.id)]) context.pageTags.add(PageTags.product(id));

  const chosen: Record<string, string> = {};
  for (const attribute of product.attributes) {
    const value = url.searchParams.get(`attribute_${attribute.slug}`);
    if (value && attribute.options.some((option) => option.slug === value)) chosen[attribute.slug] = value;
  }
  const variation = product.type === "variable" ? findVariation(product, chosen) : null;
  const selectionState = selectionStateOf(product, chosen);
  return {
    product,
    // The description is rich text: links, pictures and videos (decision 0027).
    description: await loadPageRichText(context, product.description),
    chosen,
    variation,
    selectionState,
    locale: context.locale,
    currency: context.settings.currency,
    origin: context.config.publicUrl,
    // Hover zoom is for pointer devices only (spec §2); the page cache keeps one copy per class.
    zoom: !isMobileUserAgent(request.headers.get("user-agent")),
    guestsMayReview: reviewSettings.guestReviews,
    signedIn: session?.userId != null,
    reviewNotice: reviewNotice.parse(url.searchParams.get("review")),
  } as const;
}
