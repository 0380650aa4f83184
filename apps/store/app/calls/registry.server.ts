import type { CallRegistry } from "./calls.server.ts";
import { cartAjax, cartWcAjax } from "./cart.server.ts";
import { quickviewAction } from "./quickview.server.tsx";
import { searchSuggestions } from "./search.server.ts";
import { walletAjax, walletWcAjax } from "./wallet.server.ts";

/** Every call the storefront answers; features add their handlers here. */
export const callRegistry: CallRegistry = {
  wcAjax: { ...cartWcAjax, ...walletWcAjax },
  ajax: {
    ...cartAjax,
    ...walletAjax,
    vitrine_quickview: quickviewAction,
    vitrine_ajax_search_products: { methods: ["GET"], handler: searchSuggestions },
  },
};
