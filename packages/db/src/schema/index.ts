export * from "./accounts.ts";
export * from "./analytics.ts";
export * from "./catalogue.ts";
export * from "./commerce.ts";
export * from "./content.ts";
export * from "./coupons.ts";
export * from "./rate-limits.ts";
export * from "./taxes.ts";
