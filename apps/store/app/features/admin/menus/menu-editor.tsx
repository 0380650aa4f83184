import { useId } from "react";
import { Link } from "react-router";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { MENU_LOCATIONS, type MenuLocation, type MenuRecord, menuTree } from "../../../lib/menu-editor.ts";
import { DraftField } from "../draft-field.tsx";
import { SaveError } from "../save-error.tsx";
import { useRestSave } from "../use-rest-save.ts";
import { MenuAddForm } from "./menu-add-form.tsx";
import { itemBody, type MenuEditorChoices, type MenuSummary } from "./menu-drafts.ts";
import { MenuItemRow } from "./menu-item-row.tsx";
import { type MenuItems, useMenuItems } from "./use-menu-items.ts";

export type { MenuEditorChoices, MenuSummary } from "./menu-drafts.ts";

/**
 * The menus editor (issue 17, decision 0036): one menu at a time (the header's, the footer's, the
 * vertical category menu), its items in order, each labelled in both languages and pointing at a
 * page, a category, a product or an address; moved, nested one level and un-nested with buttons
 * named after their item, for pointer, keyboard and screen reader alike. Changes stay in the page
 * until "Save menu" sends the menu whole through the REST client.
 */
export function MenuEditor({
  menus,
  menu,
  choices,
}: {
  menus: MenuSummary[];
  menu: MenuRecord;
  choices: MenuEditorChoices;
}) {
  const { t } = useTranslation();
  const id = useId();
  const editor = useMenuItems(menu, choices, `${id}-add-label`);
  const menuName = (location: MenuLocation) => t(`backOffice.menus.locations.${location}`);

  return (
    <div className="menu-editor space-y-8">
      <MenuChoice menus={menus} current={menu.location} />

      <section aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`} className="mb-1 text-xl font-semibold">
          {menuName(menu.location)}
        </h2>
        <p className="mb-4 text-sm text-stone-600">{t(`backOffice.menus.about.${menu.location}`)}</p>
        {editor.items.length === 0 ? (
          <p className="mb-3">{t("backOffice.menus.empty")}</p>
        ) : (
          <ol className="menu-items space-y-3" aria-label={menuName(menu.location)}>
            {menuTree(editor.items).map(({ item, children }) => (
              <li key={item.key} data-menu-item={item.key}>
                <MenuItemRow item={item} editor={editor} choices={choices} />
                {children.length > 0 && (
                  <ol
                    className="mt-3 ml-8 space-y-3"
                    aria-label={t("backOffice.menus.subItemsOf", { name: editor.nameOf(item) })}
                  >
                    {children.map((child) => (
                      <li key={child.key} data-menu-item={child.key}>
                        <MenuItemRow item={child} editor={editor} choices={choices} />
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ol>
        )}
        <p aria-live="polite" className="sr-only">
          {editor.announcement}
        </p>
      </section>

      <MenuAddForm idPrefix={`${id}-add`} editor={editor} choices={choices} />

      <MenuSaveForm menu={menu} editor={editor} />
    </div>
  );
}

/** The links to each menu, with how many items it has; the one being edited is the current page. */
function MenuChoice({ menus, current }: { menus: MenuSummary[]; current: MenuLocation }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("backOffice.menus.choose")}>
      <ul className="flex flex-wrap gap-2">
        {MENU_LOCATIONS.map((location) => {
          const count = menus.find((each) => each.location === location)?.itemCount ?? 0;
          const isCurrent = location === current;
          return (
            <li key={location}>
              <Link
                to={`/admin/menus?menu=${location}`}
                aria-current={isCurrent ? "page" : undefined}
                className={`block rounded border px-3 py-2 ${isCurrent ? "border-brand bg-brand text-white" : "border-stone-300 hover:border-brand"}`}
              >
                {t(`backOffice.menus.locations.${location}`)}{" "}
                <span className="text-sm">({t("backOffice.menus.itemCount", { count })})</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * "Save menu", in the save bar: sends the menu whole once every item can be saved; the first that
 * cannot is opened at its wrong field instead. Until then the bar says the menu has unsaved
 * changes, and leaving the page asks first.
 */
function MenuSaveForm({ menu, editor }: { menu: MenuRecord; editor: MenuItems }) {
  const { t } = useTranslation();
  const { saving, error, setError, send } = useRestSave();
  const items = menuTree(editor.items).map(({ item, children }) => ({
    ...itemBody(item),
    children: children.map(itemBody),
  }));

  async function save(): Promise<boolean> {
    if (saving) return false;
    const invalid = editor.openInvalid();
    if (invalid) {
      setError(t("backOffice.menus.fixItem", { name: editor.nameOf(invalid) }));
      return false;
    }
    return send<MenuRecord>(
      { path: `/menus/${menu.location}`, method: "PUT", data: { items } },
      () => `/admin/menus?menu=${menu.location}&saved=1`,
      { replace: true },
    );
  }

  return (
    <FormLayout
      className="space-y-3"
      onSave={save}
      saveLabel={t("backOffice.menus.save", { menu: t(`backOffice.menus.locations.${menu.location}`) })}
      busy={saving}
      messages={<SaveError error={error} />}
    >
      <DraftField value={items} />
    </FormLayout>
  );
}
