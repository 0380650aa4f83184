import { useTranslation } from "../../../i18n/use-translation.ts";
import { isMenuAddress } from "../../../lib/menu-editor.ts";
import type { FieldErrors, Fields, MenuEditorChoices } from "./menu-drafts.ts";

/** What the editor says about an item, in the page's language: its name, its target, its problems. */
export function useItemNames(choices: MenuEditorChoices) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === "es" ? "es" : "en";

  const nameOf = (fields: Fields) => fields.label[locale] || fields.label.en || t("backOffice.menus.unnamed");
  const targetName = (fields: Fields): string => {
    const find = (list: Array<{ id: number; name: string }>) =>
      list.find((each) => String(each.id) === fields.id)?.name ?? t("backOffice.menus.missing");
    switch (fields.kind) {
      case "page":
        return find(choices.pages);
      case "category":
        return find(choices.categories);
      case "product":
        return find(choices.products);
      case "url":
        return fields.url;
    }
  };

  /** What is wrong with an item's fields; nothing when they can be saved. */
  const problems = (fields: Fields): FieldErrors => {
    const found: FieldErrors = {};
    if (!fields.label.en.trim()) found.label = t("rest.errors.vitrine_menu_label_required");
    if (fields.kind === "url" ? !isMenuAddress(fields.url.trim()) : !fields.id)
      found.target =
        fields.kind === "url"
          ? t("rest.errors.vitrine_menu_invalid_url")
          : t("rest.errors.vitrine_menu_unknown_target");
    return found;
  };

  return { nameOf, targetName, problems };
}
