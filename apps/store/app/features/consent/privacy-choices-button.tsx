import { useTranslation } from "react-i18next";

/** The footer's "Privacy choices" asks the banner to open again through this event. */
export const OPEN_CONSENT_EVENT = "vitrine:consent-open";

/** The footer's way back to the banner. */
export function PrivacyChoicesButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="underline-offset-4 hover:underline"
      onClick={(event) => event.currentTarget.dispatchEvent(new Event(OPEN_CONSENT_EVENT, { bubbles: true }))}
    >
      {t("consent.footerLink")}
    </button>
  );
}
