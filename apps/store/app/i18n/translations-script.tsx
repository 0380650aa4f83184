import { ServerScript } from "../components/ui/server-script.tsx";
import { documentStrings, TRANSLATIONS_ELEMENT_ID } from "./i18n.ts";
import { useTranslation } from "./use-translation.ts";

/**
 * The page language's strings as JSON (without the sections `documentStrings` leaves out) for the
 * browser's i18next instance, which reads them once as it starts (`entry.client.tsx`). Made by the
 * server only: the browser neither rebuilds it nor carries the code that makes it. It renders the
 * JSON as the page brought it, so an element React makes afresh (when it recovers from a hydration
 * mismatch by rendering the page again) still holds it. `<` is escaped so that no string can close
 * the script element.
 */
export function TranslationsScript() {
  const { i18n } = useTranslation();
  return (
    <ServerScript
      type="application/json"
      id={TRANSLATIONS_ELEMENT_ID}
      html={import.meta.env.SSR ? documentJson(i18n) : broughtJson()}
    />
  );
}

let brought: string | undefined;
/** In the browser: the JSON as the page brought it, read once (the first render is the hydration). */
const broughtJson = () => (brought ??= document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent ?? "");

type Instance = ReturnType<typeof useTranslation>["i18n"];
const madeJson = new WeakMap<Instance, string>();

/**
 * Made once per instance: the server shares one per language and never changes its strings
 * (`createI18n`), and the JSON is about 19 KB that every page carries.
 */
function documentJson(i18n: Instance): string {
  let json = madeJson.get(i18n);
  if (json === undefined) {
    const bundle = documentStrings(i18n.getResourceBundle(i18n.language, "translation") ?? {});
    json = JSON.stringify(bundle).replace(/</g, "\\u003c");
    madeJson.set(i18n, json);
  }
  return json;
}
