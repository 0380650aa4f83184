import { useTranslation } from "react-i18next";
import { documentStrings, TRANSLATIONS_ELEMENT_ID } from "./i18n.ts";

/**
 * The page language's strings as JSON (without the sections `documentStrings` leaves out) for the browser's i18next instance (`entry.client.tsx`). The
 * same component renders on both sides from the instance it is given, so hydration matches. `<` is
 * escaped so that no string can close the script element.
 */
export function TranslationsScript() {
  const { i18n } = useTranslation();
  const bundle = documentStrings(i18n.getResourceBundle(i18n.language, "translation") ?? {});
  const json = JSON.stringify(bundle).replace(/</g, "\\u003c");
  return (
    <script
      type="application/json"
      id={TRANSLATIONS_ELEMENT_ID}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, from our own strings.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
