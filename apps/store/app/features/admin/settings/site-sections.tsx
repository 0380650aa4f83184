import { FieldHint, InputField, SelectInput } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { type SettingField, SettingsFields, SettingsSection } from "./settings-fields.tsx";
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
  return (
    <SettingsSection section="analytics" settings={settings} fields={ANALYTICS_SWITCHES}>
      <InputField
        name="analytics.ga4_measurement_id"
        label={t("backOffice.settings.ga4")}
        value={settings.analytics.ga4_measurement_id}
        maxLength={22}
        placeholder="G-ABC123XYZ"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={ga4Invalid || undefined}
        hint={t("backOffice.settings.ga4Hint")}
        describedBy={ga4Invalid ? errorId : undefined}
      />
      <SettingsFields settings={settings} fields={RECORDING_FIELDS} />
      {/* One hint for both periods. */}
      <FieldHint id="retention-hint">{t("backOffice.settings.retentionHint")}</FieldHint>
    </SettingsSection>
  );
}

const ANALYTICS_SWITCHES: SettingField[] = [
  { check: "consent.banner", label: "consentBanner", hint: "consentBannerHint" },
  { check: "analytics.enabled", label: "analyticsOn", hint: "analyticsHint" },
];

const RECORDING_FIELDS: SettingField[] = [
  { check: "analytics.recording.enabled", label: "recordingOn" },
  {
    columns: 3,
    row: [
      { number: "analytics.recording.sample_rate", label: "sampleRate", min: 0, max: 100 },
      {
        number: "analytics.retention_days",
        label: "retention",
        min: 1,
        max: 800,
        describedBy: "retention-hint",
      },
      {
        number: "analytics.recording_retention_days",
        label: "recordingRetention",
        min: 1,
        max: 90,
        describedBy: "retention-hint",
      },
    ],
  },
];

export function LegalSection({ settings, pages }: { settings: EditableSettings; pages: SettingsPage[] }) {
  const { t } = useTranslation();
  return (
    <SettingsSection section="legal" settings={settings}>
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
    </SettingsSection>
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

export const PHOTO_FEED_FIELDS: SettingField[] = [
  {
    select: "photo_feed.provider",
    label: "feedProvider",
    options: [
      ["media", "feedMedia"],
      ["graph", "feedGraph"],
    ],
  },
  { text: "photo_feed.graph.endpoint", label: "feedEndpoint", type: "url", maxLength: 500 },
  { text: "photo_feed.graph.token", label: "feedToken", type: "password", maxLength: 500 },
];
