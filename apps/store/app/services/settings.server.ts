import { isDeepStrictEqual } from "node:util";
import { type Database, settings } from "@vitrine/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { isMediaOriginPattern } from "../lib/media-origins.ts";
import { DEFAULT_SEARCH_RESULT_LATENCY } from "../lib/search-rules.ts";
import { STORE_NOTICE_ID } from "../lib/store-notice.ts";

const paymentSettingsSchema = z
  .object({
    bacs: z.object({ enabled: z.boolean().catch(true) }).catch({ enabled: true }),
    cod: z
      .object({
        enabled: z.boolean().catch(true),
        /** Shipping method ids cash on delivery is offered with; empty offers it with every one. */
        shipping_methods: z.array(z.string().max(40)).max(20).catch([]),
      })
      .catch({ enabled: true, shipping_methods: [] }),
  })
  .catch({ bacs: { enabled: true }, cod: { enabled: true, shipping_methods: [] } });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

const storeNoticeSchema = z
  .object({
    enabled: z.boolean().catch(false),
    /** Renewed when the text changes: shoppers who dismissed the old notice see the new one. */
    id: z.string().regex(STORE_NOTICE_ID).catch("1"),
    text: z
      .object({ en: z.string().max(1000).catch(""), es: z.string().max(1000).catch("") })
      .catch({ en: "", es: "" }),
  })
  .catch({ enabled: false, id: "1", text: { en: "", es: "" } });

const graphFeedDefaults = { endpoint: "", token: "", mediaOrigins: [], timeoutMs: 3000, cacheSeconds: 900 };

/** The photo feed block's source (spec §7 call 7): the store's media library, or a Graph-style service. */
const photoFeedSchema = z
  .object({
    provider: z.enum(["media", "graph"]).catch("media"),
    graph: z
      .object({
        /** The service's base address (`{endpoint}/me/media`); empty until one is set. */
        endpoint: z.string().max(500).refine(isHttpUrlOrEmpty).catch(""),
        /** The access token: a secret, never sent to the browser (`withoutSecrets`). */
        token: z.string().max(500).catch(""),
        /** Other origins the pictures may come from besides the endpoint's (lib/media-origins.ts). */
        mediaOrigins: z.array(z.string().max(200).refine(isMediaOriginPattern)).max(10).catch([]),
        timeoutMs: z.number().int().min(100).max(10_000).catch(3000),
        cacheSeconds: z.number().int().min(0).max(86_400).catch(900),
      })
      .catch(graphFeedDefaults),
  })
  .catch({ provider: "media", graph: graphFeedDefaults });

function isHttpUrlOrEmpty(value: string): boolean {
  if (value === "") return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

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
  /** Spec §2: the vertical category menu is held open on the home page while the header is not stuck. */
  header_nav_vertical_fly_out_frontpage: z.boolean().catch(false),
  /** Spec §4 "Page loader": an overlay over each page until 1 s after it has loaded (decision 0026). */
  page_loader: z.boolean().catch(false),
  /** Spec §4: visitors get the coming-soon page; editors and administrators see the store (0024). */
  coming_soon: z.boolean().catch(false),
  /** Spec §3/§4 "Store notice": a store-wide notice, off in a fresh store. */
  store_notice: storeNoticeSchema,
  /** The checkout's payment methods (the express wallet is configured by WALLET_* instead). */
  payments: paymentSettingsSchema,
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
  /** Where the photo feed block's pictures come from (spec §7 call 7). */
  photo_feed: photoFeedSchema,
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** What an answer shows for a secret that is set; sent back unchanged, it keeps the stored secret. */
export const MASKED_SECRET = "••••";

/** The settings as an answer may show them: secrets masked (set) or empty (not set). */
export function withoutSecrets(current: StoreSettings): StoreSettings {
  const { graph } = current.photo_feed;
  return {
    ...current,
    photo_feed: { ...current.photo_feed, graph: { ...graph, token: graph.token ? MASKED_SECRET : "" } },
  };
}

/** Settings from a stored value; anything missing or invalid falls back to its default. */
export function parseStoreSettings(value: unknown): StoreSettings {
  return storeSettingsSchema.parse(value ?? {});
}

export async function loadStoreSettings(db: Database): Promise<StoreSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "store"));
  return parseStoreSettings(row?.value);
}

export class SettingsError extends Error {
  override name = "SettingsError";
  constructor(readonly key: string) {
    super(`Invalid value for the store setting ${key}.`);
  }
}

/**
 * Changes some store settings and answers them all. The schema that reads stored settings (with a
 * fallback for each value) checks the change too: a key it does not know, or a value it would not
 * keep as given, is refused with the key's name rather than quietly replaced by a default.
 */
/** A patch with each masked secret (settings read, changed and sent back) put back as stored. */
function keepMaskedSecrets(patch: Record<string, unknown>, stored: StoreSettings): Record<string, unknown> {
  const feed = patch.photo_feed as { graph?: { token?: unknown } } | undefined;
  if (feed?.graph?.token !== MASKED_SECRET) return patch;
  return {
    ...patch,
    photo_feed: { ...feed, graph: { ...feed.graph, token: stored.photo_feed.graph.token } },
  };
}

export async function updateStoreSettings(
  db: Database,
  patch: Record<string, unknown>,
): Promise<StoreSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, "store"))
      .for("update");
    const stored = row?.value && typeof row.value === "object" ? (row.value as Record<string, unknown>) : {};
    const change = keepMaskedSecrets(patch, parseStoreSettings(stored));
    const merged = { ...stored, ...change };
    const parsed = parseStoreSettings(merged);
    for (const [key, value] of Object.entries(change)) {
      if (!Object.hasOwn(storeSettingsSchema.shape, key)) throw new SettingsError(key);
      if (!isDeepStrictEqual((parsed as Record<string, unknown>)[key], value)) throw new SettingsError(key);
    }
    await tx
      .insert(settings)
      .values({ key: "store", value: merged })
      .onConflictDoUpdate({ target: settings.key, set: { value: merged, updatedAt: new Date() } });
    return parsed;
  });
}
