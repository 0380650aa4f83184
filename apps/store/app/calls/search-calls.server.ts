import { z } from "zod";
import type { AppContext } from "../context.server.ts";
import { formatPrice } from "../i18n/format.ts";
import { createI18n } from "../i18n/i18n.ts";
import type { Price } from "../lib/catalogue.ts";
import { MIN_QUERY_LENGTH, normaliseQuery, SUGGESTION_LIMIT, type Suggestion } from "../lib/search-rules.ts";
import { shownPrice } from "../services/taxes/shown-prices.server.ts";
import { type CallHandler, callError } from "./calls.server.ts";

/** Category slugs as the catalogue makes them; the theme sends an empty value for "all categories". */
const inputSchema = z.object({
  query: z.string().max(1000).default(""),
  product_cat: z
    .string()
    .max(200)
    .regex(/^[\p{L}\p{N}_-]*$/u)
    .optional()
    .transform((value) => value || undefined),
});

/**
 * `GET /ajax?action=vitrine_ajax_search_products&query=Q[&product_cat=SLUG]` →
 * `{suggestions: [{value, url, id, img, price}]}`. `price` is plain text (the current price, or
 * "min – max" for a range), never HTML, so the combobox can render it as text without trusting it;
 * `url` is the product's path; `img` the smallest JPEG rendition ("" when the product has none).
 * Under 3 characters the answer is no suggestions; no match gives the theme's single `id: -1` row.
 */
export const searchSuggestions: CallHandler = async (context, input) => {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return callError(400, "invalid_search", "The search query or category is not valid.");
  const query = normaliseQuery(parsed.data.query);
  if ([...query].length < MIN_QUERY_LENGTH) return { json: { suggestions: [] } };
  return { json: { suggestions: await suggestionsFor(context, query, parsed.data.product_cat) } };
};

async function suggestionsFor(
  context: AppContext,
  query: string,
  categorySlug: string | undefined,
): Promise<Suggestion[]> {
  const { locale, settings, productSearch } = context;
  const hits = await productSearch.suggest({ locale, query, categorySlug, limit: SUGGESTION_LIMIT });
  if (hits.length === 0) {
    const { t } = createI18n(locale);
    return [{ value: t("search.noProductsFound"), url: "", id: -1, img: "", price: "" }];
  }
  const [details, prices] = await Promise.all([
    productSearch.suggestionDetails(hits.map((hit) => hit.id)),
    context.shownPrices(),
  ]);
  const money = (cents: number) => formatPrice(cents, settings.currency, locale);
  return hits.map((hit) => {
    const found = details.get(hit.id);
    return {
      value: hit.name,
      url: `/product/${hit.slug}`,
      id: hit.id,
      img: found?.img ?? "",
      price: found ? priceText(shownPrice(prices, found.entered), money) : "",
    };
  });
}

export function priceText(price: Price, money: (cents: number) => string): string {
  if (price.min !== price.max) return `${money(price.min)} – ${money(price.max)}`;
  return money(price.sale !== null && price.sale < price.regular ? price.sale : price.min);
}
