import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { z } from "zod";
import { QuickViewContent } from "../features/quickview/quickview-content.tsx";
import { QUICKVIEW_DATA_ID } from "../features/quickview/quickview-data.ts";
import { createI18n } from "../i18n/i18n.ts";
import { scriptSafeJson } from "../lib/script-json.ts";
import { loadQuickView } from "../services/catalogue/quickview.server.ts";
import { type AjaxAction, callError } from "./calls.server.ts";

const input = z.object({ product: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * `POST /ajax action=vitrine_quickview product=ID` (CONTRACTS.md): the product lightbox as HTML,
 * rendered by the same components in the shopper's language, with its data as a JSON block that
 * the quick-view dialog renders from (no HTML from the network is ever inserted or run).
 */
export const quickviewAction: AjaxAction = {
  methods: ["POST"],
  handler: async (context, fields) => {
    const parsed = input.safeParse(fields);
    if (!parsed.success) return callError(400, "invalid_product", "A product id is required.");
    const data = await loadQuickView(
      context.db,
      parsed.data.product,
      context.locale,
      context.settings.currency,
      context.siteCache,
      await context.shownPrices(),
    );
    if (!data) return callError(404, "product_not_found", "No such product.");
    const markup = renderToString(
      <I18nextProvider i18n={createI18n(context.locale)}>
        <QuickViewContent data={data} />
      </I18nextProvider>,
    );
    const html = `<div class="quickview-lightbox" lang="${context.locale}">${markup}<script type="application/json" id="${QUICKVIEW_DATA_ID}">${scriptSafeJson(data)}</script></div>`;
    return { html, headers: { "Content-Language": context.locale } };
  },
};
