import { type BACK_OFFICE_SECTION, type Locale, resources } from "./i18n.ts";

/**
 * One section of a language's strings that documents leave out, for a route's loader to send with its
 * data; the route's component hands it to `addSectionStrings`.
 */
export function sectionStrings(locale: Locale, section: typeof BACK_OFFICE_SECTION) {
  return resources[locale].translation[section];
}
