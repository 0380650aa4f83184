import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  canMove,
  canNest,
  type MenuRecord,
  moveItem,
  nestItem,
  parentIndex,
  removeItem,
  unnestItem,
} from "../../../lib/menu-editor.ts";
import {
  type Draft,
  draftKey,
  draftsOf,
  type FieldErrors,
  type Fields,
  type MenuEditorChoices,
} from "./menu-drafts.ts";
import { useItemNames } from "./use-item-names.ts";

/**
 * A menu's items as the editor holds them until it saves: the moves, which item is open for
 * editing and its errors, what was last said to screen readers, and the element that takes the
 * focus after the next render. `lastFocus` is where the focus goes when the last item is removed.
 */
export function useMenuItems(menu: MenuRecord, choices: MenuEditorChoices, lastFocus: string) {
  const { t } = useTranslation();
  const { nameOf, targetName, problems } = useItemNames(choices);
  const [items, setItems] = useState<Draft[]>(() => draftsOf(menu));
  const [editing, setEditing] = useState<string | null>(null);
  const [editErrors, setEditErrors] = useState<FieldErrors>({});
  const [announcement, setAnnouncement] = useState("");
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  /** Gives the focus to the element with this id after the next render. */
  const focus = (id: string) => {
    focusNext.current = id;
  };
  /** Applies a change to the list, moves the focus and says what happened. */
  const change = (next: Draft[], focusId: string, said: string) => {
    setItems(next);
    focus(focusId);
    setAnnouncement(said);
  };
  /** The focus after a move: the same button while it still works, else the item's name. */
  const after = (next: Draft[], key: string, button: string, works: (index: number) => boolean) => {
    const index = next.findIndex((item) => item.key === key);
    return works(index) ? `${key}-${button}` : key;
  };

  const move = (index: number, by: -1 | 1) => {
    const item = items[index]!;
    const next = moveItem(items, index, by);
    const focusId = after(next, item.key, by < 0 ? "up" : "down", (at) => canMove(next, at, by));
    change(
      next,
      focusId,
      t(by < 0 ? "backOffice.menus.movedUp" : "backOffice.menus.movedDown", { name: nameOf(item) }),
    );
  };
  const nest = (index: number) => {
    const item = items[index]!;
    const parent = items[parentIndex(items, index - 1)]!;
    change(
      nestItem(items, index),
      `${item.key}-unnest`,
      t("backOffice.menus.nested", { name: nameOf(item), parent: nameOf(parent) }),
    );
  };
  const unnest = (index: number) => {
    const item = items[index]!;
    const next = unnestItem(items, index);
    change(
      next,
      after(next, item.key, "nest", (at) => canNest(next, at)),
      t("backOffice.menus.unnested", { name: nameOf(item) }),
    );
  };
  const remove = (index: number) => {
    const item = items[index]!;
    const next = removeItem(items, index);
    if (editing === item.key) setEditing(null);
    change(
      next,
      next[index]?.key ?? next[index - 1]?.key ?? lastFocus,
      t("backOffice.menus.removed", { name: nameOf(item) }),
    );
  };
  const add = (fields: Fields) => {
    const key = draftKey();
    change(
      [...items, { ...fields, key, depth: 0 }],
      key,
      t("backOffice.menus.added", { name: nameOf(fields) }),
    );
  };
  /** Changes an item's fields in place; they are checked again when its editing is done. */
  const update = (key: string, fields: Fields) => {
    setItems((all) => all.map((each) => (each.key === key ? { ...each, ...fields } : each)));
    setEditErrors({});
  };
  /** Opens or closes an item's fields, without errors. */
  const toggleEditing = (key: string) => {
    const open = editing === key;
    setEditing(open ? null : key);
    setEditErrors({});
    if (!open) focus(`${key}-field-label`);
  };
  /** Closes an item's fields when they can be saved, else shows what is wrong. */
  const finishEditing = (item: Draft) => {
    const found = problems(item);
    setEditErrors(found);
    if (Object.keys(found).length > 0) return;
    setEditing(null);
    focus(`${item.key}-edit`);
  };
  /** Opens the first item that cannot be saved at its first wrong field, and answers it. */
  const openInvalid = (): Draft | undefined => {
    const invalid = items.find((item) => Object.keys(problems(item)).length > 0);
    if (!invalid) return undefined;
    const found = problems(invalid);
    setEditing(invalid.key);
    setEditErrors(found);
    focus(`${invalid.key}-field-${found.label ? "label" : "target"}`);
    return invalid;
  };

  return {
    items,
    editing,
    editErrors,
    announcement,
    nameOf,
    targetName,
    problems,
    focus,
    announce: setAnnouncement,
    move,
    nest,
    unnest,
    remove,
    add,
    update,
    toggleEditing,
    finishEditing,
    openInvalid,
  };
}

export type MenuItems = ReturnType<typeof useMenuItems>;
