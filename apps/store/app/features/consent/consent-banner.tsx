import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { CONSENT_CATEGORIES, type ConsentCategory, hasConsent, setConsent } from "./consent-state.ts";

/**
 * The consent banner (decision 0040): necessary (always on), statistics and marketing; accept all,
 * reject all, or a choice per category. A region at the foot of the window, not a modal: the page
 * behind it stays usable. Opened again from the footer, it takes the focus and gives it back.
 */
export default function ConsentBanner({ takeFocus, onDone }: { takeFocus: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [choosing, setChoosing] = useState(false);
  const [choices, setChoices] = useState<Record<ConsentCategory, boolean>>(() => ({
    statistics: hasConsent("statistics"),
    marketing: hasConsent("marketing"),
  }));
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);

  const decide = (allowed: Record<ConsentCategory, boolean>) => {
    for (const category of CONSENT_CATEGORIES) setConsent(category, allowed[category]);
    onDone();
  };

  return (
    <section
      aria-labelledby={headingId}
      className="consent-banner fixed inset-x-0 bottom-0 z-40 border-t border-stone-300 bg-white px-4 py-4 shadow-lg"
      onKeyDown={(event) => {
        if (event.key === "Escape" && takeFocus) onDone();
      }}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          {t("consent.title")}
        </h2>
        <p className="text-sm text-stone-700">{t("consent.text")}</p>
        {choosing && (
          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="sr-only">{t("consent.categories")}</legend>
            <label className="flex items-start gap-2">
              <input type="checkbox" className="mt-0.5 h-6 w-6" checked disabled />
              <span>
                <strong>{t("consent.necessary")}</strong> {t("consent.necessaryHelp")}
              </span>
            </label>
            {CONSENT_CATEGORIES.map((category) => (
              <label key={category} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-0.5 h-6 w-6"
                  name={category}
                  checked={choices[category]}
                  onChange={(event) => setChoices({ ...choices, [category]: event.target.checked })}
                />
                <span>
                  <strong>{t(`consent.${category}`)}</strong> {t(`consent.${category}Help`)}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="rounded bg-stone-900 px-4 py-2 text-sm font-semibold text-white"
            onClick={() => decide({ statistics: true, marketing: true })}
          >
            {t("consent.acceptAll")}
          </button>
          <button
            type="button"
            className="rounded bg-stone-900 px-4 py-2 text-sm font-semibold text-white"
            onClick={() => decide({ statistics: false, marketing: false })}
          >
            {t("consent.rejectAll")}
          </button>
          {choosing ? (
            <button
              type="button"
              className="rounded border border-stone-400 px-4 py-2 text-sm font-semibold"
              onClick={() => decide(choices)}
            >
              {t("consent.save")}
            </button>
          ) : (
            <button
              type="button"
              aria-expanded="false"
              className="rounded border border-stone-400 px-4 py-2 text-sm font-semibold"
              onClick={() => setChoosing(true)}
            >
              {t("consent.choose")}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
