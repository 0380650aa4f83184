import { z } from "zod";
import { type Country, countries } from "./checkout-schema.ts";
import { type InstalledSecrets, maskSecret, type SecretSource } from "./masked-secrets.ts";
import { isMediaOriginPattern } from "./media-origins.ts";
import { DEFAULT_SEARCH_RESULT_LATENCY } from "./search-rules.ts";
import { mailSettingsSchema } from "./store-mails.ts";
import { STORE_NOTICE_ID } from "./store-notice.ts";
import { GA4_MEASUREMENT_ID, type LegalPageKind, STORE_CURRENCIES } from "./store-settings.ts";
import { taxSettingsSchema } from "./tax-settings.ts";

/**
 * The store's settings as a REST resource (`GET|PUT /settings`, decision 0039): one schema, read by
 * the service for what is stored (a fallback for each value), by the REST route's change and by the
 * back office's settings form before it sends one, so a refusal is the same key whoever finds it.
 */

const bankDetailsDefaults = { account_name: "", bank_name: "", account_number: "", iban: "", bic: "" };

const STRIPE_DEFAULTS = { enabled: false, publishable_key: "", secret_key: "", webhook_secret: "" };

const stripeSettingsSchema = z
  .object({
    enabled: z.boolean().catch(false),
    publishable_key: z
      .string()
      .trim()
      .regex(/^(pk_(test|live)_[A-Za-z0-9_]+)?$/)
      .max(255)
      .catch(""),
    secret_key: z
      .string()
      .trim()
      .regex(/^((sk|rk)_(test|live)_[A-Za-z0-9_]+)?$/)
      .max(255)
      .catch(""),
    webhook_secret: z
      .string()
      .trim()
      .regex(/^(whsec_[A-Za-z0-9_]+)?$/)
      .max(255)
      .catch(""),
  })
  .catch(STRIPE_DEFAULTS);

const paymentSettingsSchema = z
  .object({
    bacs: z
      .object({
        enabled: z.boolean().catch(true),
        /** The account the shopper pays into, shown on the order's receipt and in its mail. */
        details: z
          .object({
            account_name: z.string().trim().max(100).catch(""),
            bank_name: z.string().trim().max(100).catch(""),
            account_number: z.string().trim().max(40).catch(""),
            iban: z.string().trim().max(40).catch(""),
            bic: z.string().trim().max(20).catch(""),
          })
          .catch(bankDetailsDefaults),
      })
      .catch({ enabled: true, details: bankDetailsDefaults }),
    cod: z
      .object({
        enabled: z.boolean().catch(true),
        /** Shipping methods ("flat_rate") or rates ("flat_rate:3") cash on delivery is offered with; empty: every one. */
        shipping_methods: z.array(z.string().max(40)).max(20).catch([]),
      })
      .catch({ enabled: true, shipping_methods: [] }),
    /** The express wallet, where the installation allows it (WALLET_DIRECT_CHECKOUT, decision 0039). */
    wallet: z.object({ enabled: z.boolean().catch(true) }).catch({ enabled: true }),
    /**
     * Cards through Stripe Checkout (issue 42, decision 0073). The keys may instead come from
     * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, which win; the REST resource never shows a secret
     * whole (`maskSecret`).
     */
    stripe: stripeSettingsSchema,
    /** WooCommerce's "hold stock" minutes: an order awaiting an away payment keeps its stock this long, then is cancelled. */
    hold_stock_minutes: z.coerce.number().int().min(30).max(1440).catch(60),
  })
  .catch({
    bacs: { enabled: true, details: bankDetailsDefaults },
    cod: { enabled: true, shipping_methods: [] },
    wallet: { enabled: true },
    stripe: STRIPE_DEFAULTS,
    hold_stock_minutes: 60,
  });
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

/** `shop@example.com` or `Shop name <shop@example.com>`, no line breaks; or nothing. */
function isMailboxOrEmpty(value: string): boolean {
  if (value === "") return true;
  const address = /^(?:[^<>\r\n"]{1,100} )?<([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)>$/.exec(value)?.[1] ?? value;
  return /^[^<>\s@"]+@[^<>\s@"]+\.[^<>\s@"]+$/.test(address);
}

function isHttpUrlOrEmpty(value: string): boolean {
  if (value === "") return true;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A country code of the checkout's list (lib/checkout-schema.ts). */
const countryCode = z.enum(Object.keys(countries) as [Country, ...Country[]]);

const analyticsDefaults = {
  enabled: false,
  ga4_measurement_id: "",
  recording: { enabled: false, sample_rate: 10 },
  retention_days: 395,
  recording_retention_days: 30,
};

/**
 * First-party analytics, Google Analytics 4 and session recording (decision 0040). Off in a fresh
 * store: the owner turns them on, with the consent banner where the law asks for one.
 */
const analyticsSchema = z
  .object({
    enabled: z.boolean().catch(false),
    /** Also send the events to GA4 through gtag when set. */
    ga4_measurement_id: z.union([z.string().regex(GA4_MEASUREMENT_ID), z.literal("")]).catch(""),
    recording: z
      .object({
        enabled: z.boolean().catch(false),
        /** The share of sessions recorded, in percent. */
        sample_rate: z.number().int().min(0).max(100).catch(10),
      })
      .catch(analyticsDefaults.recording),
    /** Days analytics events are kept. */
    retention_days: z.number().int().min(1).max(800).catch(395),
    /** Days session recordings are kept. */
    recording_retention_days: z.number().int().min(1).max(90).catch(30),
  })
  .catch(analyticsDefaults);
export type AnalyticsSettings = z.infer<typeof analyticsSchema>;

const pageId = z.number().int().min(1).max(2_147_483_647);

/**
 * The store's legal pages (decisions 0051, 0064): each kind names a content page by id (a renamed
 * page stays named), or none. A page that is not published is not linked.
 */
const legalPagesSchema = z
  .object({
    privacy: pageId.nullable().catch(null),
    terms: pageId.nullable().catch(null),
  } satisfies Record<LegalPageKind, unknown>)
  .catch({ privacy: null, terms: null });

const addressDefaults = { line1: "", line2: "", city: "", state: "", postcode: "", country: "" as const };

const storeSettingsSchema = z.object({
  name: z.string().trim().min(1).max(100).catch("Vitrine"),
  /** The store's postal address, shown in the footer of its mails. */
  address: z
    .object({
      line1: z.string().trim().max(200).catch(""),
      line2: z.string().trim().max(200).catch(""),
      city: z.string().trim().max(100).catch(""),
      /** The state or province code ("CA"), for taxes charged at the shop's base (decision 0067). */
      state: z
        .string()
        .trim()
        .toUpperCase()
        .max(30)
        .regex(/^[A-Z0-9-]*$/)
        .catch(""),
      postcode: z.string().trim().max(20).catch(""),
      country: z.union([countryCode, z.literal("")]).catch(""),
    })
    .catch(addressDefaults),
  currency: z.enum(STORE_CURRENCIES).catch("USD"),
  /** The mails' sender (`Name <address>`); empty uses MAIL_FROM. */
  mail_from: z.string().trim().max(200).refine(isMailboxOrEmpty).catch(""),
  /** The store's mails (decision 0062): each on or off, the owner's recipients, the logo and colour. */
  mails: mailSettingsSchema,
  /** Mail the administrators when a review waits for approval (WordPress's "moderation_notify"). */
  review_moderation_mail: z.boolean().catch(true),
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
  /**
   * Spec §4 "Analytics consent": whether the store asks for consent (the banner and the WP Consent
   * API's opt-in). Off: analytics and order attribution run at once, as without a consent tool.
   */
  consent: z.object({ banner: z.boolean().catch(false) }).catch({ banner: false }),
  analytics: analyticsSchema,
  /** The privacy policy's page, which the consent banner links to (decision 0051). */
  legal_pages: legalPagesSchema,
  /** WooCommerce's tax options (decision 0067); the rates are a table of their own. */
  taxes: taxSettingsSchema,
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** What an answer shows for the photo feed's token when set; sent back unchanged, it keeps the stored token. */
export const MASKED_SECRET = "••••";

/**
 * The settings as `GET /settings` and the settings page show them (decision 0073): Stripe's keys
 * masked (`maskSecret`), each with where it comes from; sent back unchanged, a masked key keeps the
 * stored one, and `*_source` is only said, never set.
 */
export type ShownSettings = StoreSettings & {
  payments: { stripe: { secret_key_source: SecretSource; webhook_secret_source: SecretSource } };
};

/**
 * The settings as an answer may show them: secrets masked (set) or empty (not set). A Stripe key the
 * installation sets wins over the stored one, and is the one shown.
 */
export function withoutSecrets(current: StoreSettings, installed: InstalledSecrets): ShownSettings {
  const { graph } = current.photo_feed;
  const { stripe } = current.payments;
  const shown = (stored: string, fromEnvironment: string | undefined) =>
    fromEnvironment
      ? { value: maskSecret(fromEnvironment), source: "environment" as const }
      : { value: maskSecret(stored), source: "settings" as const };
  const secretKey = shown(stripe.secret_key, installed.secretKey);
  const webhookSecret = shown(stripe.webhook_secret, installed.webhookSecret);
  return {
    ...current,
    payments: {
      ...current.payments,
      stripe: {
        ...stripe,
        secret_key: secretKey.value,
        secret_key_source: secretKey.source,
        webhook_secret: webhookSecret.value,
        webhook_secret_source: webhookSecret.source,
      },
    },
    photo_feed: { ...current.photo_feed, graph: { ...graph, token: graph.token ? MASKED_SECRET : "" } },
  };
}

/** Settings from a stored value; anything missing or invalid falls back to its default. */
export function parseStoreSettings(value: unknown): StoreSettings {
  return storeSettingsSchema.parse(value ?? {});
}

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `change` laid over `base`, object by object: a patch names only what it changes, at any depth. */
function mergeDeep(base: unknown, change: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(change)) return change;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) merged[key] = mergeDeep(base[key], value);
  return merged;
}

/** Whether every value the patch gives survived parsing unchanged (nothing was replaced by a default). */
function keptAsGiven(given: unknown, parsed: unknown): boolean {
  if (isPlainObject(given) && isPlainObject(parsed)) {
    return Object.entries(given).every(
      ([key, value]) => Object.hasOwn(parsed, key) && keptAsGiven(value, parsed[key]),
    );
  }
  return sameJson(given, parsed);
}

/** Whether two JSON values are the same, at any depth. */
function sameJson(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((item, index) => sameJson(item, right[index]));
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => sameJson(left[key], right[key]));
  }
  return Object.is(left, right);
}

/** Whether the settings keep `value` under the top-level `key` as given over `before`. */
function keptOver(before: StoreSettings, key: string, value: unknown): boolean {
  const parsed = parseStoreSettings(mergeDeep(before, { [key]: value }));
  return keptAsGiven(value, (parsed as Record<string, unknown>)[key]);
}

/**
 * Settings the owner types from elsewhere (Stripe's dashboard), whose refusal names the field, not
 * only its top-level key: "payments.stripe.secret_key" says which of three keys was pasted wrong.
 */
const FIELDS_NAMED = [
  "payments.stripe.publishable_key",
  "payments.stripe.secret_key",
  "payments.stripe.webhook_secret",
] as const;

/** The named field under `key` whose given value the settings refuse on its own, if any. */
function refusedField(before: StoreSettings, key: string, value: unknown): string | null {
  for (const field of FIELDS_NAMED) {
    const [top, ...path] = field.split(".");
    if (top !== key) continue;
    const given = path.reduce<unknown>((at, name) => (isPlainObject(at) ? at[name] : undefined), value);
    if (given === undefined) continue;
    const alone = path.reduceRight<unknown>((inner, name) => ({ [name]: inner }), given);
    if (!keptOver(before, key, alone)) return field;
  }
  return null;
}

/**
 * The first top-level key of `change` the settings would not keep as given over `before`: one the
 * schema does not know, or a value it would replace by its default (for a field of `FIELDS_NAMED`,
 * that field's path). `null` when it keeps them all.
 */
export function refusedSettingsKey(before: StoreSettings, change: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(change)) {
    if (!Object.hasOwn(storeSettingsSchema.shape, key)) return key;
    if (!keptOver(before, key, value)) return refusedField(before, key, value) ?? key;
  }
  return null;
}

/** The settings `change` makes of `before`, every value parsed. */
export function mergedSettings(before: StoreSettings, change: Record<string, unknown>): StoreSettings {
  return parseStoreSettings(mergeDeep(before, change));
}
