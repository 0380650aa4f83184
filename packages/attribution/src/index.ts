export * from "./record.ts";
export { decodeData, decodeRecord, encodeRecord, NONE } from "./sbjs-format.ts";
export { cookieDomain } from "./search-engines.ts";
export * from "./tracker.ts";
