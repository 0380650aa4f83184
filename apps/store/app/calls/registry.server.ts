import { PHOTO_FEED_ACTION } from "../lib/photo-feed.ts";
import type { CallRegistry } from "./calls.server.ts";
import { cartAjax, cartWcAjax } from "./cart-calls.server.ts";
import { couponWcAjax } from "./coupon-calls.server.ts";
import { photoFeedAction } from "./photo-feed-calls.server.tsx";
import { quickviewAction } from "./quickview-calls.server.tsx";
import { restNonceAction } from "./rest-nonce.server.ts";
import { searchSuggestions } from "./search-calls.server.ts";
import { walletAjax, walletWcAjax } from "./wallet-calls.server.ts";

/** Every call the storefront answers; features add their handlers here. */
export const callRegistry: CallRegistry = {
  wcAjax: { ...cartWcAjax, ...walletWcAjax, ...couponWcAjax },
  ajax: {
    ...cartAjax,
    ...walletAjax,
    vitrine_quickview: quickviewAction,
    "rest-nonce": restNonceAction,
    vitrine_ajax_search_products: { methods: ["GET"], handler: searchSuggestions },
    [PHOTO_FEED_ACTION]: photoFeedAction,
  },
};
