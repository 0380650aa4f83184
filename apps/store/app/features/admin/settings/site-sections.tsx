import {
  CheckboxInput,
  FieldHint,
  FormSection,
  InputField,
  SelectInput,
} from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { EditableSettings, SettingsPage } from "./settings-patch.ts";

/**
 * The settings page's sections about what the site asks and shows: consent and analytics (decision
 * 0042), the legal pages (decision 0051), the photo feed.
 */

/** `ga4Invalid`: the form refused the GA4 id; its message (`errorId`) then describes the field too. */
export function AnalyticsSection({
  settings,
  ga4Invalid,
  errorId,
}: {
  settings: EditableSettings;
  ga4Invalid: boolean;
  errorId: string;
}) {
  const { t } = useTranslation();
  const { analytics } = settings;
  return (
    <FormSection title={t("backOffice.settings.sections.analytics")}>
      <CheckboxInput
        name="consent.banner"
        checked={settings.consent.banner}
        hint={t("backOffice.settings.consentBannerHint")}
      >
        {t("backOffice.settings.consentBanner")}
      </CheckboxInput>
      <CheckboxInput
        name="analytics.enabled"
        checked={analytics.enabled}
        hint={t("backOffice.settings.analyticsHint")}
      >
        {t("backOffice.settings.analyticsOn")}
      </CheckboxInput>
      <InputField
        name="analytics.ga4_measurement_id"
        label={t("backOffice.settings.ga4")}
        value={analytics.ga4_measurement_id}
        maxLength={22}
        placeholder="G-ABC123XYZ"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={ga4Invalid || undefined}
        hint={t("backOffice.settings.ga4Hint")}
        describedBy={ga4Invalid ? errorId : undefined}
      />
      <CheckboxInput name="analytics.recording.enabled" checked={analytics.recording.enabled}>
        {t("backOffice.settings.recordingOn")}
      </CheckboxInput>
      <div className="grid gap-3 sm:grid-cols-3">
        <InputField
          name="analytics.recording.sample_rate"
          label={t("backOffice.settings.sampleRate")}
          value={analytics.recording.sample_rate}
          type="number"
          min={0}
          max={100}
          step={1}
          required
        />
        <InputField
          name="analytics.retention_days"
          label={t("backOffice.settings.retention")}
          value={analytics.retention_days}
          type="number"
          min={1}
          max={800}
          step={1}
          required
          describedBy="retention-hint"
        />
        <InputField
          name="analytics.recording_retention_days"
          label={t("backOffice.settings.recordingRetention")}
          value={analytics.recording_retention_days}
          type="number"
          min={1}
          max={90}
          step={1}
          required
          describedBy="retention-hint"
        />
      </div>
      {/* One hint for both periods. */}
      <FieldHint id="retention-hint">{t("backOffice.settings.retentionHint")}</FieldHint>
    </FormSection>
  );
}

export function LegalSection({ settings, pages }: { settings: EditableSettings; pages: SettingsPage[] }) {
  const { t, i18n } = useTranslation();
  const titleOf = (page: SettingsPage) => (i18n.language === "es" && page.title.es) || page.title.en;
  return (
    <FormSection title={t("backOffice.settings.sections.legal")}>
      <SelectInput
        name="legal_pages.privacy"
        label={t("backOffice.settings.privacyPage")}
        value={settings.legal_pages.privacy ?? ""}
        hint={t("backOffice.settings.privacyPageHint")}
      >
        <option value="">{t("backOffice.settings.none")}</option>
        {pages.map((page) => {
          const title = titleOf(page);
          return (
            <option key={page.id} value={page.id}>
              {page.status === "draft" ? t("backOffice.settings.draftPage", { title }) : title}
            </option>
          );
        })}
      </SelectInput>
      {/* The checkout asks for the terms at once: only published pages (decision 0064). */}
      <SelectInput
        name="legal_pages.terms"
        label={t("backOffice.settings.termsPage")}
        value={settings.legal_pages.terms ?? ""}
        hint={t("backOffice.settings.termsPageHint")}
      >
        <option value="">{t("backOffice.settings.none")}</option>
        {pages
          .filter((page) => page.status === "publish" || page.id === settings.legal_pages.terms)
          .map((page) => (
            <option key={page.id} value={page.id}>
              {page.status === "draft"
                ? t("backOffice.settings.draftPage", { title: titleOf(page) })
                : titleOf(page)}
            </option>
          ))}
      </SelectInput>
    </FormSection>
  );
}

export function PhotoFeedSection({ settings }: { settings: EditableSettings }) {
  const { t } = useTranslation();
  const feed = settings.photo_feed;
  return (
    <FormSection title={t("backOffice.settings.sections.photoFeed")}>
      <SelectInput
        name="photo_feed.provider"
        label={t("backOffice.settings.feedProvider")}
        value={feed.provider}
      >
        <option value="media">{t("backOffice.settings.feedMedia")}</option>
        <option value="graph">{t("backOffice.settings.feedGraph")}</option>
      </SelectInput>
      <InputField
        name="photo_feed.graph.endpoint"
        label={t("backOffice.settings.feedEndpoint")}
        value={feed.graph.endpoint}
        type="url"
        maxLength={500}
      />
      <InputField
        name="photo_feed.graph.token"
        label={t("backOffice.settings.feedToken")}
        value={feed.graph.token}
        type="password"
        autoComplete="off"
        maxLength={500}
      />
    </FormSection>
  );
}
