import { useTranslation } from "react-i18next";

/**
 * The footer's way back to the banner. It holds no code of its own: the page's consent script keeps
 * its clicks (`CONSENT_OPENER`, written out here), even those made before the page's scripts arrive,
 * and the consent host, loaded where the footer shows this button, opens the banner for them.
 */
export function PrivacyChoicesButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="underline-offset-4 hover:underline" data-consent-open="">
      {t("consent.footerLink")}
    </button>
  );
}
