import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { LegalPageLink } from "../../lib/store-settings.ts";
import { CONSENT_CATEGORIES, type ConsentCategory, hasConsent, setConsent } from "./consent-state.ts";

/**
 * The consent banner (decisions 0040 and 0051): necessary (always on), statistics and marketing;
 * accept all, reject all, or a choice per category; a link to the store's privacy policy when it is
 * published. A region at the foot of the window, not a modal: the page behind it stays usable. It is
 * first in the document, so the first Tab reaches it and the next ones go on into the page; it does
 * not take the focus on arrival (it comes after the page, when a shopper may already be using it).
 * Opened again from the footer, it takes the focus and gives it back. "Choose" moves the focus to
 * the first choice, in a group named for what it asks.
 */
export default function ConsentBanner({
  takeFocus,
  privacyPage,
  onDone,
}: {
  takeFocus: boolean;
  privacyPage: LegalPageLink | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const banner = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [choosing, setChoosing] = useState(false);
  const [choices, setChoices] = useState<Record<ConsentCategory, boolean>>(() => ({
    statistics: hasConsent("statistics"),
    marketing: hasConsent("marketing"),
  }));
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  useEffect(() => {
    if (choosing) firstChoice.current?.focus();
  }, [choosing]);
  useLayoutEffect(() => (banner.current ? keepPageClearOf(banner.current) : undefined), []);

  const decide = (allowed: Record<ConsentCategory, boolean>) => {
    for (const category of CONSENT_CATEGORIES) setConsent(category, allowed[category]);
    onDone();
  };

  return (
    <section
      ref={banner}
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
        <p className="text-sm text-stone-700">
          {t("consent.text")}
          {privacyPage && (
            <>
              {" "}
              <Link to={privacyPage.href} className="font-semibold text-stone-900 underline">
                {privacyPage.title}
              </Link>
            </>
          )}
        </p>
        {choosing && (
          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-semibold">{t("consent.categories")}</legend>
            <label className="flex items-start gap-2">
              <input type="checkbox" className="mt-0.5 h-6 w-6" checked disabled />
              <span>
                <strong>{t("consent.necessary")}</strong> {t("consent.necessaryHelp")}
              </span>
            </label>
            {CONSENT_CATEGORIES.map((category, index) => (
              <label key={category} className="flex items-start gap-2">
                <input
                  ref={index === 0 ? firstChoice : undefined}
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

/**
 * WCAG 2.2 "Focus not obscured": while the banner covers the foot of the window, what takes the
 * focus scrolls clear of it (the page's bottom scroll padding), and the page ends with room for it,
 * so the footer's last links can scroll above it too. The body's least height grows by as much, so
 * that a short page's footer does not move. Undone when the banner goes.
 */
function keepPageClearOf(banner: HTMLElement): () => void {
  const root = document.documentElement;
  const body = document.body;
  const observer = new ResizeObserver(() => {
    const height = `${banner.offsetHeight}px`;
    root.style.setProperty("scroll-padding-bottom", height);
    body.style.setProperty("padding-bottom", height);
    body.style.setProperty("min-height", `calc(100vh + ${height})`);
  });
  observer.observe(banner);
  return () => {
    observer.disconnect();
    root.style.removeProperty("scroll-padding-bottom");
    body.style.removeProperty("padding-bottom");
    body.style.removeProperty("min-height");
  };
}
