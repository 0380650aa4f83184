import { useState } from "react";
import { useRevalidator } from "react-router";
import { ADMIN_SAVE_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { GA4_MEASUREMENT_ID } from "../../../lib/store-settings.ts";
import { AttributionSection, PaymentsSection, ShippingSection } from "./selling-sections.tsx";
import {
  type EditableSettings,
  ga4Id,
  SECTION_OF,
  type SettingsPage,
  settingsPatch,
} from "./settings-patch.ts";
import { AnalyticsSection, LegalSection, PhotoFeedSection } from "./site-sections.tsx";
import { CartSection, PagesSection, StoreSection, VisibilitySection } from "./store-sections.tsx";

const ERROR_ID = "settings-error";

/**
 * The store's settings (decision 0039), in one form saved by one `PUT /settings`: the store, cart,
 * pages, visibility (coming soon, store notice), shipping, payments, order attribution, consent and
 * analytics (decision 0042), the legal pages and the photo feed, each section a component of its
 * own. Every server process applies a change at once and empties its page cache.
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
      <StoreSection settings={settings} countries={countries} regions={regions} />
      <CartSection settings={settings} />
      <PagesSection settings={settings} />
      <VisibilitySection settings={settings} />
      <ShippingSection settings={settings} countries={countries} regions={regions} />
      <PaymentsSection settings={settings} />
      <AttributionSection settings={settings} />
      <AnalyticsSection settings={settings} ga4Invalid={ga4Invalid} errorId={ERROR_ID} />
      <LegalSection settings={settings} pages={pages} />
      <PhotoFeedSection settings={settings} />

      {outcome && "error" in outcome && (
        <p id={ERROR_ID} role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {outcome.error}
        </p>
      )}
      <div role="status">
        {outcome && "saved" in outcome && (
          <p className="border-l-4 border-brand bg-emerald-50 px-4 py-2">{t("backOffice.settings.saved")}</p>
        )}
      </div>
      <button type="submit" disabled={busy} className={ADMIN_SAVE_BUTTON}>
        {t("backOffice.settings.save")}
      </button>
    </form>
  );
}
