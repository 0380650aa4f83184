import type { i18n } from "i18next";
import { documentStrings } from "./i18n.ts";

/**
 * A language's strings for the browser, as one immutable file (issue 45, decision 0085): the
 * sections `documentStrings` keeps, served at `/assets/strings/{locale}-{hash}.json` with their
 * content's hash in the name, so a browser downloads them once per language and version instead of
 * with every document. The server serves the file (server/strings-files.server.ts); each page links
 * to it (`StringsLink`) and the browser reads it before hydrating (`entry.client.tsx`).
 */
export type StringsFile = { href: string; json: string };

export const STRINGS_FILE_PREFIX = "/assets/strings/";
const made = new WeakMap<i18n, StringsFile>();

/**
 * Made once per instance: the server shares one per language and never changes its strings
 * (`createI18n`).
 */
export function stringsFile(instance: i18n): StringsFile {
  let file = made.get(instance);
  if (!file) {
    const json = JSON.stringify(
      documentStrings(instance.getResourceBundle(instance.language, "translation") ?? {}),
    );
    file = { href: `${STRINGS_FILE_PREFIX}${instance.language}-${contentHash(json)}.json`, json };
    made.set(instance, file);
  }
  return file;
}

/**
 * 64 bits of FNV-1a over the text's UTF-16 code units, as 16 hex digits: names a version of the
 * strings, nothing secret (no `node:crypto` here, as this module is in the browser's code too).
 */
function contentHash(text: string): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    low = Math.imul(low ^ unit, 0x01000193) >>> 0;
    high = Math.imul(high ^ unit ^ (low >>> 24), 0x01000193) >>> 0;
  }
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}
