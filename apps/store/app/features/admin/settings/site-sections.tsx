import {
  CheckboxInput,
  FieldHint,
  FormSection,
  InputField,
  NumberField,
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
        <NumberField
          name="analytics.recording.sample_rate"
          label={t("backOffice.settings.sampleRate")}
          value={analytics.recording.sample_rate}
          min={0}
          max={100}
        />
        <NumberField
          name="analytics.retention_days"
          label={t("backOffice.settings.retention")}
          value={analytics.retention_days}
          min={1}
          max={800}
          describedBy="retention-hint"
        />
        <NumberField
          name="analytics.recording_retention_days"
          label={t("backOffice.settings.recordingRetention")}
          value={analytics.recording_retention_days}
          min={1}
          max={90}
          describedBy="retention-hint"
        />
      </div>
      {/* One hint for both periods. */}
      <FieldHint id="retention-hint">{t("backOffice.settings.retentionHint")}</FieldHint>
    </FormSection>
  );
}

export function LegalSection({ settings, pages }: { settings: EditableSettings; pages: SettingsPage[] }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.settings.sections.legal")}>
      <LegalPageSelect
        kind="privacy"
        settings={settings}
        pages={pages}
        label={t("backOffice.settings.privacyPage")}
        hint={t("backOffice.settings.privacyPageHint")}
      />
      {/* The checkout asks for the terms at once: only published pages (decision 0064). */}
      <LegalPageSelect
        kind="terms"
        settings={settings}
        pages={pages.filter((page) => page.status === "publish" || page.id === settings.legal_pages.terms)}
        label={t("backOffice.settings.termsPage")}
        hint={t("backOffice.settings.termsPageHint")}
      />
    </FormSection>
  );
}

/** A select of the store's pages for one kind of legal page, or none; a draft says so. */
function LegalPageSelect({
  kind,
  settings,
  pages,
  label,
  hint,
}: {
  kind: keyof EditableSettings["legal_pages"];
  settings: EditableSettings;
  pages: SettingsPage[];
  label: string;
  hint: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <SelectInput
      name={`legal_pages.${kind}`}
      label={label}
      value={settings.legal_pages[kind] ?? ""}
      hint={hint}
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
    </SelectInput>
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
