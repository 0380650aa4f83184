import type { CallRegistry } from "./calls.server.ts";

/** Every call the storefront answers; features add their handlers here. */
export const callRegistry: CallRegistry = {
  wcAjax: {},
  ajax: {},
};
