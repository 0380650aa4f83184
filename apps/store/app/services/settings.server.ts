import { type Database, settings } from "@vitrine/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_SEARCH_RESULT_LATENCY } from "../features/search/search-rules.ts";

const storeSettingsSchema = z.object({
  name: z.string().min(1).catch("Vitrine"),
  currency: z.string().length(3).catch("USD"),
  /** Spec §4 "Sticky header": the optional mode that hides the stuck header while scrolling down. */
  sticky_header_hide_on_scroll: z.boolean().catch(false),
  /** Spec §9: milliseconds between the shopper's last keystroke and the live-search request. */
  search_result_latency: z.coerce.number().int().min(0).max(5000).catch(DEFAULT_SEARCH_RESULT_LATENCY),
  /** "yes" sends the shopper to the cart after an asynchronous add to cart (spec §4). */
  cart_redirect_after_add: z.enum(["yes", "no"]).catch("no"),
  /** Open the mini-cart (or the cart drawer on small screens) for a moment after an add (spec §2). */
  cart_reveal_after_add: z.boolean().catch(true),
  /** On screens up to 849 px wide the cart opens as a drawer (spec §2). */
  off_canvas_cart: z.boolean().catch(true),
  /** Order attribution tracking (spec §9): the store's values; the script's own defaults apply when unset. */
  order_attribution: z
    .object({
      allowTracking: z.boolean().catch(true),
      lifetimeMonths: z.number().positive().max(120).catch(0.00001),
      sessionMinutes: z.number().int().min(1).max(1440).catch(30),
      base64: z.boolean().catch(false),
      timezoneOffset: z.number().int().min(-720).max(840).catch(0),
    })
    .catch({
      allowTracking: true,
      lifetimeMonths: 0.00001,
      sessionMinutes: 30,
      base64: false,
      timezoneOffset: 0,
    }),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** Settings from a stored value; anything missing or invalid falls back to its default. */
export function parseStoreSettings(value: unknown): StoreSettings {
  return storeSettingsSchema.parse(value ?? {});
}

export async function loadStoreSettings(db: Database): Promise<StoreSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "store"));
  return parseStoreSettings(row?.value);
}
