import { TRANSLATIONS_ELEMENT_ID } from "./i18n.ts";
import { stringsFile } from "./strings-file.ts";
import { useTranslation } from "./use-translation.ts";

/**
 * Where the page language's strings are (`stringsFile`), as a preload in the head: the browser
 * fetches them beside the page's modules, from its cache after the first page, and reads them
 * once as it starts (`entry.client.tsx`). The server names the file; the browser keeps the address
 * the page brought, so hydration finds the same element.
 */
export function StringsLink() {
  const { i18n } = useTranslation();
  return (
    <link
      rel="preload"
      as="fetch"
      crossOrigin="anonymous"
      id={TRANSLATIONS_ELEMENT_ID}
      href={import.meta.env.SSR ? stringsFile(i18n).href : broughtHref()}
    />
  );
}

let brought: string | undefined;
/** In the browser: the address as the page brought it, read once (the first render is the hydration). */
const broughtHref = () =>
  (brought ??= document.getElementById(TRANSLATIONS_ELEMENT_ID)?.getAttribute("href") ?? "");
