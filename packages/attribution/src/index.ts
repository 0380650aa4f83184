export * from "./record.ts";
export { decodeRecord, encodeRecord, NONE } from "./sbjs-format.ts";
export * from "./tracker.ts";
