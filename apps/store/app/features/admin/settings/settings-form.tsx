import { useState } from "react";
import { useRevalidator } from "react-router";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { regionNames } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { refusedSettingsKey } from "../../../lib/settings-resource.ts";
import { GA4_MEASUREMENT_ID } from "../../../lib/store-settings.ts";
import { ATTRIBUTION_FIELDS, PaymentsSection } from "./selling-sections.tsx";
import { SettingsSection } from "./settings-fields.tsx";
import {
  type EditableSettings,
  FIELD_REFUSAL,
  ga4Id,
  SECTION_OF,
  type SettingsPage,
  settingsPatch,
} from "./settings-patch.ts";
import { AnalyticsSection, LegalSection, PHOTO_FEED_FIELDS } from "./site-sections.tsx";
import { CART_FIELDS, PAGES_FIELDS, StoreSection, VISIBILITY_FIELDS } from "./store-sections.tsx";

const ERROR_ID = "settings-error";

/**
 * The store's settings (decision 0039), in one form saved by one `PUT /settings`: the store, cart,
 * pages, visibility (coming soon, store notice), shipping, payments, order attribution, consent and
 * analytics (decision 0042), the legal pages and the photo feed, each section a component of its
 * own, with the back office's save bar and its warning before unsaved edits are left. Every
 * server process applies a change at once and empties its page cache.
 */
export function SettingsForm({
  settings,
  countries,
  pages,
  stripeWebhookUrl,
}: {
  settings: EditableSettings;
  countries: string[];
  pages: SettingsPage[];
  /** The address Stripe's dashboard is given for the store's events. */
  stripeWebhookUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { error: string } | null>(null);
  const [ga4Invalid, setGa4Invalid] = useState(false);
  const regions = regionNames(i18n.language);

  /** Sends the change; `true` once saved. */
  async function save(patch: Record<string, unknown>): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setOutcome(null);
    try {
      await pageRestClient().request({ path: "/settings", method: "PUT", data: patch });
      setOutcome({ saved: true });
      await revalidator.revalidate();
      return true;
    } catch (failure) {
      setOutcome({ error: refusal(failure) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  function refusal(failure: unknown): string {
    if (!(failure instanceof RestClientError)) return String(failure);
    const param = (failure.data as { param?: unknown } | null)?.param;
    return (typeof param === "string" && refusedSection(param)) || failure.translated(t);
  }

  /**
   * A refused setting, named by its field (Stripe's keys) or its section: the same words whether the
   * server or the page found it.
   */
  function refusedSection(key: string): string | null {
    const field = FIELD_REFUSAL[key];
    if (field) return t(`backOffice.settings.${field}`);
    const section = SECTION_OF[key];
    return section
      ? t("backOffice.settings.invalid", { section: t(`backOffice.settings.sections.${section}`) })
      : null;
  }

  return (
    <FormLayout
      className="max-w-3xl space-y-6"
      saveLabel={t("backOffice.settings.save")}
      busy={busy}
      onSave={(element) => {
        const form = new FormData(element);
        // Said here, in the owner's words; the server would only name the section.
        const ga4 = ga4Id(form);
        setGa4Invalid(ga4 !== "" && !GA4_MEASUREMENT_ID.test(ga4));
        if (ga4 !== "" && !GA4_MEASUREMENT_ID.test(ga4)) {
          setOutcome({ error: t("backOffice.settings.ga4Invalid") });
          const field = element.elements.namedItem("analytics.ga4_measurement_id");
          if (field instanceof HTMLInputElement) field.focus();
          return false;
        }
        // The resource's own schema, before the round trip: what the server would refuse, said at once.
        const patch = settingsPatch(form, settings);
        const refused = refusedSettingsKey(settings, patch);
        if (refused !== null) {
          setOutcome({
            error: refusedSection(refused) ?? t("rest.errors.rest_invalid_param", { param: refused }),
          });
          return false;
        }
        return save(patch);
      }}
      messages={
        <>
          {outcome && "error" in outcome && (
            <p id={ERROR_ID} role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
              {outcome.error}
            </p>
          )}
          <div role="status">
            {outcome && "saved" in outcome && (
              <p className="border-l-4 border-brand bg-emerald-50 px-4 py-2">
                {t("backOffice.settings.saved")}
              </p>
            )}
          </div>
        </>
      }
    >
      <StoreSection settings={settings} countries={countries} regions={regions} />
      <SettingsSection section="cart" settings={settings} fields={CART_FIELDS} />
      <SettingsSection section="pages" settings={settings} fields={PAGES_FIELDS} />
      <SettingsSection section="visibility" settings={settings} fields={VISIBILITY_FIELDS} />
      <PaymentsSection settings={settings} stripeWebhookUrl={stripeWebhookUrl} />
      <SettingsSection section="attribution" settings={settings} fields={ATTRIBUTION_FIELDS} />
      <AnalyticsSection settings={settings} ga4Invalid={ga4Invalid} errorId={ERROR_ID} />
      <LegalSection settings={settings} pages={pages} />
      <SettingsSection section="photoFeed" settings={settings} fields={PHOTO_FEED_FIELDS} />
    </FormLayout>
  );
}
