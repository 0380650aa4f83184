import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { createI18nFrom, isLocale, TRANSLATIONS_ELEMENT_ID } from "./i18n/i18n.ts";

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : "en";
// The page's strings arrive as JSON in the document (data, not code), in its language only.
const translations = JSON.parse(document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent || "{}");
const i18n = createI18nFrom(locale, { [locale]: { translation: translations } });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
