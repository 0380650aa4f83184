import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../lib/rest-client.ts";
import {
  BANK_DETAIL_FIELDS,
  type BankDetails,
  GA4_MEASUREMENT_ID,
  SHIPPING_METHOD_IDS,
  type ShippingMethodId,
  STORE_CURRENCIES,
} from "../../lib/store-settings.ts";

type Toggle = boolean;
type ShippingSetting = { enabled: Toggle; cost: number; countries: readonly string[] };

/** The settings the page edits, as `GET /settings` answers them (secrets masked). */
export type EditableSettings = {
  name: string;
  address: { line1: string; line2: string; city: string; postcode: string; country: string };
  currency: string;
  mail_from: string;
  cart_redirect_after_add: "yes" | "no";
  cart_reveal_after_add: Toggle;
  off_canvas_cart: Toggle;
  search_result_latency: number;
  sticky_header_hide_on_scroll: Toggle;
  header_nav_vertical_fly_out_frontpage: Toggle;
  page_loader: Toggle;
  coming_soon: Toggle;
  store_notice: { enabled: Toggle; id: string; text: { en: string; es: string } };
  shipping: Record<ShippingMethodId, ShippingSetting>;
  payments: {
    bacs: { enabled: Toggle; details: BankDetails };
    cod: { enabled: Toggle; shipping_methods: string[] };
    wallet: { enabled: Toggle };
  };
  order_attribution: {
    allowTracking: Toggle;
    lifetimeMonths: number;
    sessionMinutes: number;
    base64: Toggle;
    timezoneOffset: number;
  };
  photo_feed: { provider: "media" | "graph"; graph: { endpoint: string; token: string } };
  consent: { banner: Toggle };
  analytics: {
    enabled: Toggle;
    ga4_measurement_id: string;
    recording: { enabled: Toggle; sample_rate: number };
    retention_days: number;
    recording_retention_days: number;
  };
  legal_pages: { privacy: number | null };
};

/** A content page the legal pages' settings may name (decision 0051). */
export type SettingsPage = { id: number; title: { en: string; es: string }; status: "publish" | "draft" };

/** The top-level settings, in the page's order: a refusal names one, the page names its section. */
const SECTION_OF: Record<string, string> = {
  name: "store",
  address: "store",
  currency: "store",
  mail_from: "store",
  cart_redirect_after_add: "cart",
  cart_reveal_after_add: "cart",
  off_canvas_cart: "cart",
  search_result_latency: "pages",
  sticky_header_hide_on_scroll: "pages",
  header_nav_vertical_fly_out_frontpage: "pages",
  page_loader: "pages",
  coming_soon: "visibility",
  store_notice: "visibility",
  shipping: "shipping",
  payments: "payments",
  order_attribution: "attribution",
  photo_feed: "photoFeed",
  consent: "analytics",
  analytics: "analytics",
  legal_pages: "legal",
};

/** 24 px: WCAG 2.2 target size (2.5.8) for the form's many checkboxes. */
const CHECKBOX = "h-6 w-6 shrink-0";
const CONTROL = "mt-1 block w-full rounded border border-stone-300 px-2 py-1";
const FIELDSET = "space-y-3 rounded border border-stone-200 p-4";
const LEGEND = "px-1 text-xl font-semibold";

/** A form's values read as the settings' shapes: text trimmed, checkboxes as booleans, amounts in cents. */
function reader(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  return {
    text,
    on: (name: string) => form.get(name) === "on",
    number: (name: string) => (text(name) === "" ? Number.NaN : Number(text(name))),
    cents: (name: string) => Math.round(Number(text(name)) * 100),
    all: (name: string) => form.getAll(name).map(String),
  };
}

/** The change the form asks for: every setting the page shows, in the shapes `PUT /settings` takes. */
export function settingsPatch(form: FormData): Record<string, unknown> {
  const { text, on, number, cents, all } = reader(form);
  const shipping = Object.fromEntries(
    SHIPPING_METHOD_IDS.map((id) => [
      id,
      {
        enabled: on(`shipping.${id}.enabled`),
        cost: cents(`shipping.${id}.cost`),
        countries: all(`shipping.${id}.countries`),
      },
    ]),
  );
  return {
    name: text("name"),
    address: {
      line1: text("address.line1"),
      line2: text("address.line2"),
      city: text("address.city"),
      postcode: text("address.postcode"),
      country: text("address.country"),
    },
    currency: text("currency"),
    mail_from: text("mail_from"),
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
    shipping,
    payments: {
      bacs: {
        enabled: on("payments.bacs.enabled"),
        details: Object.fromEntries(
          BANK_DETAIL_FIELDS.map((field) => [field, text(`payments.bacs.${field}`)]),
        ),
      },
      cod: { enabled: on("payments.cod.enabled"), shipping_methods: all("payments.cod.shipping_methods") },
      wallet: { enabled: on("payments.wallet.enabled") },
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
    legal_pages: { privacy: pageChoice(text("legal_pages.privacy")) },
  };
}

/** A page select's value: a page's id, or none. */
function pageChoice(value: string): number | null {
  return value === "" ? null : Number(value);
}

/** The GA4 measurement id as typed, in capitals (Google writes them so; a lower-case copy is the same id). */
function ga4Id(form: FormData): string {
  return String(form.get("analytics.ga4_measurement_id") ?? "")
    .trim()
    .toUpperCase();
}

function Check({
  name,
  checked,
  describedBy,
  children,
}: {
  name: string;
  checked: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        name={name}
        defaultChecked={checked}
        className={CHECKBOX}
        aria-describedby={describedBy}
      />
      {children}
    </label>
  );
}

function Text({
  name,
  label,
  value,
  ...input
}: { name: string; label: string; value: string | number } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "name" | "value" | "defaultValue"
>) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input name={name} defaultValue={value} className={CONTROL} {...input} />
    </label>
  );
}

/**
 * The store's settings (decision 0039), in one form saved by one `PUT /settings`: the store, cart,
 * pages, visibility (coming soon, store notice), shipping, payments, order attribution, consent and
 * analytics (decision 0042), and the photo feed. Every server process applies a change at once and
 * empties its page cache.
 */
export function SettingsForm({
  settings,
  countries,
  pages,
}: {
  settings: EditableSettings;
  countries: string[];
  pages: SettingsPage[];
}) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { error: string } | null>(null);
  const [ga4Invalid, setGa4Invalid] = useState(false);
  const regions = new Intl.DisplayNames([i18n.language], { type: "region" });

  async function save(form: FormData) {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      await pageRestClient().request({ path: "/settings", method: "PUT", data: settingsPatch(form) });
      setOutcome({ saved: true });
      await revalidator.revalidate();
    } catch (failure) {
      setOutcome({ error: refusal(failure) });
    } finally {
      setBusy(false);
    }
  }

  function refusal(failure: unknown): string {
    if (!(failure instanceof RestClientError)) return String(failure);
    const param = (failure.data as { param?: unknown } | null)?.param;
    const section = typeof param === "string" ? SECTION_OF[param] : undefined;
    return section
      ? t("backOffice.settings.invalid", { section: t(`backOffice.settings.sections.${section}`) })
      : failure.translated(t);
  }

  const { address, store_notice: notice, payments, order_attribution: attribution, analytics } = settings;
  return (
    <form
      className="max-w-3xl space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        // Said here, in the owner's words; the server would only name the section.
        const ga4 = ga4Id(form);
        setGa4Invalid(ga4 !== "" && !GA4_MEASUREMENT_ID.test(ga4));
        if (ga4 !== "" && !GA4_MEASUREMENT_ID.test(ga4)) {
          setOutcome({ error: t("backOffice.settings.ga4Invalid") });
          const field = event.currentTarget.elements.namedItem("analytics.ga4_measurement_id");
          if (field instanceof HTMLInputElement) field.focus();
          return;
        }
        void save(form);
      }}
    >
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.store")}</legend>
        <Text
          name="name"
          label={t("backOffice.settings.name")}
          value={settings.name}
          required
          maxLength={100}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Text
            name="address.line1"
            label={t("checkout.fields.address_1")}
            value={address.line1}
            maxLength={200}
          />
          <Text
            name="address.line2"
            label={t("checkout.fields.address_2")}
            value={address.line2}
            maxLength={200}
          />
          <Text name="address.city" label={t("checkout.fields.city")} value={address.city} maxLength={100} />
          <Text
            name="address.postcode"
            label={t("checkout.fields.postcode")}
            value={address.postcode}
            maxLength={20}
          />
          <label className="block text-sm font-medium">
            {t("checkout.fields.country")}
            <select name="address.country" defaultValue={address.country} className={CONTROL}>
              <option value="">{t("backOffice.settings.none")}</option>
              {countries.map((code) => (
                <option key={code} value={code}>
                  {regions.of(code)}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium">
            {t("backOffice.settings.currency")}
            <select
              name="currency"
              defaultValue={settings.currency}
              className={CONTROL}
              aria-describedby="currency-hint"
            >
              {STORE_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p id="currency-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.currencyHint")}
        </p>
        <Text
          name="mail_from"
          label={t("backOffice.settings.mailFrom")}
          value={settings.mail_from}
          maxLength={200}
          placeholder="Shop <shop@example.com>"
          aria-describedby="mail-from-hint"
        />
        <p id="mail-from-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.mailFromHint")}
        </p>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.cart")}</legend>
        <Check name="cart_redirect_after_add" checked={settings.cart_redirect_after_add === "yes"}>
          {t("backOffice.settings.cartRedirect")}
        </Check>
        <Check name="cart_reveal_after_add" checked={settings.cart_reveal_after_add}>
          {t("backOffice.settings.cartReveal")}
        </Check>
        <Check name="off_canvas_cart" checked={settings.off_canvas_cart}>
          {t("backOffice.settings.offCanvasCart")}
        </Check>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.pages")}</legend>
        <Check name="sticky_header_hide_on_scroll" checked={settings.sticky_header_hide_on_scroll}>
          {t("backOffice.settings.stickyHide")}
        </Check>
        <Check
          name="header_nav_vertical_fly_out_frontpage"
          checked={settings.header_nav_vertical_fly_out_frontpage}
        >
          {t("backOffice.settings.flyOut")}
        </Check>
        <Check name="page_loader" checked={settings.page_loader}>
          {t("backOffice.settings.pageLoader")}
        </Check>
        <Text
          name="search_result_latency"
          label={t("backOffice.settings.searchLatency")}
          value={settings.search_result_latency}
          type="number"
          min={0}
          max={5000}
          step={1}
          required
        />
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.visibility")}</legend>
        <Check name="coming_soon" checked={settings.coming_soon}>
          {t("backOffice.settings.comingSoon")}
        </Check>
        <Check name="store_notice.enabled" checked={notice.enabled}>
          {t("backOffice.settings.noticeOn")}
        </Check>
        <Text
          name="store_notice.text.en"
          label={t("backOffice.settings.noticeText", { language: t("site.english") })}
          value={notice.text.en}
          maxLength={1000}
        />
        <Text
          name="store_notice.text.es"
          label={t("backOffice.settings.noticeText", { language: t("site.spanish") })}
          value={notice.text.es}
          maxLength={1000}
          aria-describedby="notice-hint"
        />
        <p id="notice-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.noticeHint")}
        </p>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.shipping")}</legend>
        {SHIPPING_METHOD_IDS.map((id) => {
          const method = settings.shipping[id];
          return (
            <fieldset key={id} className="space-y-2 border-t border-stone-200 pt-3">
              <legend className="font-semibold">{t(`checkout.shipping.${id}`)}</legend>
              <Check name={`shipping.${id}.enabled`} checked={method.enabled}>
                {t("backOffice.settings.offered", { method: t(`checkout.shipping.${id}`) })}
              </Check>
              <Text
                name={`shipping.${id}.cost`}
                label={t("backOffice.settings.cost", {
                  method: t(`checkout.shipping.${id}`),
                  currency: settings.currency,
                })}
                value={(method.cost / 100).toFixed(2)}
                type="number"
                min={0}
                step={0.01}
                required
              />
              <fieldset>
                <legend className="text-sm font-medium">
                  {t("backOffice.settings.zone", { method: t(`checkout.shipping.${id}`) })}
                </legend>
                <div className="flex flex-wrap gap-x-4">
                  {countries.map((code) => (
                    <label key={code} className="flex items-center gap-2 py-1 text-sm">
                      <input
                        type="checkbox"
                        className={CHECKBOX}
                        name={`shipping.${id}.countries`}
                        value={code}
                        defaultChecked={method.countries.includes(code)}
                      />
                      {regions.of(code)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </fieldset>
          );
        })}
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.payments")}</legend>
        <Check name="payments.bacs.enabled" checked={payments.bacs.enabled}>
          {t("checkout.payment.bacs.title")}
        </Check>
        <div className="grid gap-3 sm:grid-cols-2">
          {BANK_DETAIL_FIELDS.map((field) => (
            <Text
              key={field}
              name={`payments.bacs.${field}`}
              label={t(`checkout.bankDetails.${field}`)}
              value={payments.bacs.details[field]}
              maxLength={field === "bic" ? 20 : field === "account_name" || field === "bank_name" ? 100 : 40}
            />
          ))}
        </div>
        <Check name="payments.cod.enabled" checked={payments.cod.enabled}>
          {t("checkout.payment.cod.title")}
        </Check>
        <fieldset>
          <legend className="text-sm font-medium">{t("backOffice.settings.codWith")}</legend>
          {SHIPPING_METHOD_IDS.map((id) => (
            <label key={id} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                className={CHECKBOX}
                name="payments.cod.shipping_methods"
                value={id}
                defaultChecked={payments.cod.shipping_methods.includes(id)}
              />
              {t(`checkout.shipping.${id}`)}
            </label>
          ))}
        </fieldset>
        <Check name="payments.wallet.enabled" checked={payments.wallet.enabled}>
          {t("checkout.payment.wallet.title")}
        </Check>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.attribution")}</legend>
        <Check name="order_attribution.allowTracking" checked={attribution.allowTracking}>
          {t("backOffice.settings.tracking")}
        </Check>
        <div className="grid gap-3 sm:grid-cols-3">
          <Text
            name="order_attribution.lifetimeMonths"
            label={t("backOffice.settings.lifetime")}
            value={attribution.lifetimeMonths}
            type="number"
            min={0.00001}
            max={120}
            step="any"
            required
          />
          <Text
            name="order_attribution.sessionMinutes"
            label={t("backOffice.settings.session")}
            value={attribution.sessionMinutes}
            type="number"
            min={1}
            max={1440}
            required
          />
          <Text
            name="order_attribution.timezoneOffset"
            label={t("backOffice.settings.timezone")}
            value={attribution.timezoneOffset}
            type="number"
            min={-720}
            max={840}
            required
          />
        </div>
        <Check name="order_attribution.base64" checked={attribution.base64}>
          {t("backOffice.settings.base64")}
        </Check>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.analytics")}</legend>
        <Check name="consent.banner" checked={settings.consent.banner} describedBy="consent-banner-hint">
          {t("backOffice.settings.consentBanner")}
        </Check>
        <p id="consent-banner-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.consentBannerHint")}
        </p>
        <Check name="analytics.enabled" checked={analytics.enabled} describedBy="analytics-hint">
          {t("backOffice.settings.analyticsOn")}
        </Check>
        <p id="analytics-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.analyticsHint")}
        </p>
        <Text
          name="analytics.ga4_measurement_id"
          label={t("backOffice.settings.ga4")}
          value={analytics.ga4_measurement_id}
          maxLength={22}
          placeholder="G-ABC123XYZ"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={ga4Invalid || undefined}
          aria-describedby={ga4Invalid ? "ga4-hint settings-error" : "ga4-hint"}
        />
        <p id="ga4-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.ga4Hint")}
        </p>
        <Check name="analytics.recording.enabled" checked={analytics.recording.enabled}>
          {t("backOffice.settings.recordingOn")}
        </Check>
        <div className="grid gap-3 sm:grid-cols-3">
          <Text
            name="analytics.recording.sample_rate"
            label={t("backOffice.settings.sampleRate")}
            value={analytics.recording.sample_rate}
            type="number"
            min={0}
            max={100}
            step={1}
            required
          />
          <Text
            name="analytics.retention_days"
            label={t("backOffice.settings.retention")}
            value={analytics.retention_days}
            type="number"
            min={1}
            max={800}
            step={1}
            required
            aria-describedby="retention-hint"
          />
          <Text
            name="analytics.recording_retention_days"
            label={t("backOffice.settings.recordingRetention")}
            value={analytics.recording_retention_days}
            type="number"
            min={1}
            max={90}
            step={1}
            required
            aria-describedby="retention-hint"
          />
        </div>
        <p id="retention-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.retentionHint")}
        </p>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.legal")}</legend>
        <label className="block text-sm font-medium">
          {t("backOffice.settings.privacyPage")}
          <select
            name="legal_pages.privacy"
            defaultValue={settings.legal_pages.privacy ?? ""}
            className={CONTROL}
            aria-describedby="privacy-page-hint"
          >
            <option value="">{t("backOffice.settings.none")}</option>
            {pages.map((page) => {
              const title = (i18n.language === "es" && page.title.es) || page.title.en;
              return (
                <option key={page.id} value={page.id}>
                  {page.status === "draft" ? t("backOffice.settings.draftPage", { title }) : title}
                </option>
              );
            })}
          </select>
        </label>
        <p id="privacy-page-hint" className="text-sm text-stone-600">
          {t("backOffice.settings.privacyPageHint")}
        </p>
      </fieldset>

      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t("backOffice.settings.sections.photoFeed")}</legend>
        <label className="block text-sm font-medium">
          {t("backOffice.settings.feedProvider")}
          <select name="photo_feed.provider" defaultValue={settings.photo_feed.provider} className={CONTROL}>
            <option value="media">{t("backOffice.settings.feedMedia")}</option>
            <option value="graph">{t("backOffice.settings.feedGraph")}</option>
          </select>
        </label>
        <Text
          name="photo_feed.graph.endpoint"
          label={t("backOffice.settings.feedEndpoint")}
          value={settings.photo_feed.graph.endpoint}
          type="url"
          maxLength={500}
        />
        <Text
          name="photo_feed.graph.token"
          label={t("backOffice.settings.feedToken")}
          value={settings.photo_feed.graph.token}
          type="password"
          autoComplete="off"
          maxLength={500}
        />
      </fieldset>

      {outcome && "error" in outcome && (
        <p id="settings-error" role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {outcome.error}
        </p>
      )}
      <div role="status">
        {outcome && "saved" in outcome && (
          <p className="border-l-4 border-brand bg-emerald-50 px-4 py-2">{t("backOffice.settings.saved")}</p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        {t("backOffice.settings.save")}
      </button>
    </form>
  );
}
