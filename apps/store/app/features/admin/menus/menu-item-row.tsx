import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { canMove, canNest, parentIndex } from "../../../lib/menu-editor.ts";
import type { Draft, MenuEditorChoices } from "./menu-drafts.ts";
import { ItemFields } from "./menu-item-fields.tsx";
import type { MenuItems } from "./use-menu-items.ts";

/**
 * One item of the menu: its name and target, the buttons that edit, move, nest, un-nest and remove
 * it (each named after the item), and its fields while it is being edited.
 */
export function MenuItemRow({
  item,
  editor,
  choices,
}: {
  item: Draft;
  editor: MenuItems;
  choices: MenuEditorChoices;
}) {
  const { t } = useTranslation();
  const { items, nameOf } = editor;
  const index = items.indexOf(item);
  const name = nameOf(item);
  const open = editor.editing === item.key;
  const parent = item.depth === 1 ? items[parentIndex(items, index)] : items[parentIndex(items, index - 1)];
  return (
    <div className="rounded border border-stone-200 p-3">
      <p className="flex flex-wrap items-baseline gap-x-3">
        {/* Takes the focus when the item is added, moved, or the item before it is removed. */}
        <span id={item.key} tabIndex={-1} className="font-semibold">
          {name}
        </span>
        <span className="text-sm text-stone-600">
          {t(`backOffice.menus.points.${item.kind}`, { name: editor.targetName(item) })}
        </span>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          id={`${item.key}-edit`}
          className={ADMIN_ROW_BUTTON}
          aria-expanded={open}
          aria-controls={open ? `${item.key}-fields` : undefined}
          aria-label={t("backOffice.menus.editNamed", { name })}
          onClick={() => editor.toggleEditing(item.key)}
        >
          {t("backOffice.menus.edit")}
        </button>
        <button
          type="button"
          id={`${item.key}-up`}
          className={ADMIN_ROW_BUTTON}
          disabled={!canMove(items, index, -1)}
          onClick={() => editor.move(index, -1)}
          aria-label={t("backOffice.menus.moveUp", { name })}
        >
          {t("backOffice.menus.up")}
        </button>
        <button
          type="button"
          id={`${item.key}-down`}
          className={ADMIN_ROW_BUTTON}
          disabled={!canMove(items, index, 1)}
          onClick={() => editor.move(index, 1)}
          aria-label={t("backOffice.menus.moveDown", { name })}
        >
          {t("backOffice.menus.down")}
        </button>
        {item.depth === 0 ? (
          <button
            type="button"
            id={`${item.key}-nest`}
            className={ADMIN_ROW_BUTTON}
            disabled={!canNest(items, index)}
            onClick={() => editor.nest(index)}
            aria-label={
              parent && parent !== item
                ? t("backOffice.menus.nestNamed", { name, parent: nameOf(parent) })
                : t("backOffice.menus.nestFirst", { name })
            }
          >
            {t("backOffice.menus.nest")}
          </button>
        ) : (
          <button
            type="button"
            id={`${item.key}-unnest`}
            className={ADMIN_ROW_BUTTON}
            onClick={() => editor.unnest(index)}
            aria-label={t("backOffice.menus.unnestNamed", { name, parent: parent ? nameOf(parent) : "" })}
          >
            {t("backOffice.menus.unnest")}
          </button>
        )}
        <button
          type="button"
          className={`${ADMIN_ROW_BUTTON} text-sale`}
          onClick={() => editor.remove(index)}
          aria-label={t("backOffice.menus.removeNamed", { name })}
        >
          {t("backOffice.menus.remove")}
        </button>
      </div>
      {open && (
        <form
          id={`${item.key}-fields`}
          aria-label={t("backOffice.menus.editNamed", { name })}
          className="mt-3 space-y-3 border-t border-stone-200 pt-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            editor.finishEditing(item);
          }}
        >
          <ItemFields
            idPrefix={`${item.key}-field`}
            value={item}
            errors={editor.editErrors}
            choices={choices}
            onChange={(fields) => editor.update(item.key, fields)}
          />
          <button type="submit" className={ADMIN_ROW_BUTTON}>
            {t("backOffice.menus.done")}
          </button>
        </form>
      )}
    </div>
  );
}
