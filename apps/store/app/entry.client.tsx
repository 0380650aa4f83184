import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import stylesheetHref from "./app.css?url";
import { createI18nFrom, isLocale, TRANSLATIONS_ELEMENT_ID } from "./i18n/i18n.ts";

const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : "en";
// The page's strings, in its language only, are a file of their own that the head preloads
// (`StringsLink`, decision 0085): immutable, so after the first page they come from the cache.
const stringsHref = document.getElementById(TRANSLATIONS_ELEMENT_ID)?.getAttribute("href");

async function strings(): Promise<unknown> {
  if (!stringsHref) return {};
  // The same request as the preload (a CORS-mode fetch with same-origin credentials), so it is used.
  const response = await fetch(stringsHref, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`The page's strings answered ${response.status}`);
  return response.json();
}

/**
 * The whole stylesheet, after the first paint (the page inlines the rules its markup uses,
 * decision 0085) and before hydration, so nothing the scripts show is ever unstyled. The same
 * rules in the same order as the inline ones: nothing on the page moves when it applies.
 */
function wholeStylesheet(): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = stylesheetHref;
    link.onload = () => resolve();
    // A stylesheet that cannot load leaves the page as it was painted; the scripts still start.
    link.onerror = () => resolve();
    document.head.append(link);
  });
}

Promise.all([strings(), wholeStylesheet()]).then(
  ([translations]) => {
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
  },
  // Without its strings the page stays as the server sent it: its links and forms work without
  // scripts, and the next page tries again.
  (error) => console.error(error),
);
