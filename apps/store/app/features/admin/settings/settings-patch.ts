import type { ShownSettings } from "../../../lib/settings-resource.ts";
import { BANK_DETAIL_FIELDS } from "../../../lib/store-settings.ts";

/**
 * What the settings page edits and what it sends: the settings' shapes as `GET /settings` answers
 * them, and the form's values read back into the shapes `PUT /settings` takes (decision 0039).
 */

/** The settings the page edits, as `GET /settings` answers them (secrets masked): the resource's own type. */
export type EditableSettings = ShownSettings;

/** A content page the legal pages' settings may name (decision 0051). */
export type SettingsPage = { id: number; title: { en: string; es: string }; status: "publish" | "draft" };

/** The top-level settings, in the page's order: a refusal names one, the page names its section. */
export const SECTION_OF: Record<string, string> = {
  name: "store",
  address: "store",
  currency: "store",
  mail_from: "store",
  review_moderation_mail: "store",
  cart_redirect_after_add: "cart",
  cart_reveal_after_add: "cart",
  off_canvas_cart: "cart",
  search_result_latency: "pages",
  sticky_header_hide_on_scroll: "pages",
  header_nav_vertical_fly_out_frontpage: "pages",
  page_loader: "pages",
  coming_soon: "visibility",
  store_notice: "visibility",
  payments: "payments",
  order_attribution: "attribution",
  photo_feed: "photoFeed",
  consent: "analytics",
  analytics: "analytics",
  legal_pages: "legal",
};

/** Fields whose refusal names the field itself (`refusedSettingsKey`), and the page's words for each. */
export const FIELD_REFUSAL: Record<string, string> = {
  "payments.stripe.publishable_key": "stripe.publishableKeyInvalid",
  "payments.stripe.secret_key": "stripe.secretKeyInvalid",
  "payments.stripe.webhook_secret": "stripe.webhookSecretInvalid",
};

/** A form's values read as the settings' shapes: text trimmed, checkboxes as booleans. */
function reader(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  return {
    text,
    on: (name: string) => form.get(name) === "on",
    number: (name: string) => (text(name) === "" ? Number.NaN : Number(text(name))),
    all: (name: string) => form.getAll(name).map(String),
  };
}

/**
 * The change the form asks for: every setting the page shows, in the shapes `PUT /settings` takes.
 * A Stripe secret still as `shown` (masked) is left out, which keeps the stored one (decision 0073).
 */
export function settingsPatch(form: FormData, shown: EditableSettings): Record<string, unknown> {
  const { text, on, number, all } = reader(form);
  const changedSecret = (field: "secret_key" | "webhook_secret") => {
    const value = text(`payments.stripe.${field}`);
    return value === shown.payments.stripe[field] ? {} : { [field]: value };
  };
  return {
    name: text("name"),
    address: {
      line1: text("address.line1"),
      line2: text("address.line2"),
      city: text("address.city"),
      state: text("address.state").toUpperCase(),
      postcode: text("address.postcode"),
      country: text("address.country"),
    },
    currency: text("currency"),
    mail_from: text("mail_from"),
    review_moderation_mail: on("review_moderation_mail"),
    cart_redirect_after_add: on("cart_redirect_after_add") ? "yes" : "no",
    cart_reveal_after_add: on("cart_reveal_after_add"),
    off_canvas_cart: on("off_canvas_cart"),
    search_result_latency: number("search_result_latency"),
    sticky_header_hide_on_scroll: on("sticky_header_hide_on_scroll"),
    header_nav_vertical_fly_out_frontpage: on("header_nav_vertical_fly_out_frontpage"),
    page_loader: on("page_loader"),
    coming_soon: on("coming_soon"),
    store_notice: {
      enabled: on("store_notice.enabled"),
      text: { en: text("store_notice.text.en"), es: text("store_notice.text.es") },
    },
    payments: {
      bacs: {
        enabled: on("payments.bacs.enabled"),
        details: Object.fromEntries(
          BANK_DETAIL_FIELDS.map((field) => [field, text(`payments.bacs.${field}`)]),
        ),
      },
      cod: { enabled: on("payments.cod.enabled"), shipping_methods: all("payments.cod.shipping_methods") },
      wallet: { enabled: on("payments.wallet.enabled") },
      stripe: {
        enabled: on("payments.stripe.enabled"),
        publishable_key: text("payments.stripe.publishable_key"),
        ...changedSecret("secret_key"),
        ...changedSecret("webhook_secret"),
      },
      hold_stock_minutes: number("payments.hold_stock_minutes"),
    },
    order_attribution: {
      allowTracking: on("order_attribution.allowTracking"),
      lifetimeMonths: number("order_attribution.lifetimeMonths"),
      sessionMinutes: number("order_attribution.sessionMinutes"),
      base64: on("order_attribution.base64"),
      timezoneOffset: number("order_attribution.timezoneOffset"),
    },
    photo_feed: {
      provider: text("photo_feed.provider"),
      graph: { endpoint: text("photo_feed.graph.endpoint"), token: text("photo_feed.graph.token") },
    },
    consent: { banner: on("consent.banner") },
    analytics: {
      enabled: on("analytics.enabled"),
      ga4_measurement_id: ga4Id(form),
      recording: {
        enabled: on("analytics.recording.enabled"),
        sample_rate: number("analytics.recording.sample_rate"),
      },
      retention_days: number("analytics.retention_days"),
      recording_retention_days: number("analytics.recording_retention_days"),
    },
    legal_pages: {
      privacy: pageChoice(text("legal_pages.privacy")),
      terms: pageChoice(text("legal_pages.terms")),
    },
  };
}

/** A page select's value: a page's id, or none. */
function pageChoice(value: string): number | null {
  return value === "" ? null : Number(value);
}

/** The GA4 measurement id as typed, in capitals (Google writes them so; a lower-case copy is the same id). */
export function ga4Id(form: FormData): string {
  return String(form.get("analytics.ga4_measurement_id") ?? "")
    .trim()
    .toUpperCase();
}
