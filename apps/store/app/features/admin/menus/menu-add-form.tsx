import { useState } from "react";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  emptyFields,
  type FieldErrors,
  type Fields,
  firstChoice,
  type MenuEditorChoices,
} from "./menu-drafts.ts";
import { ItemFields } from "./menu-item-fields.tsx";
import type { MenuItems } from "./use-menu-items.ts";

/** The form that adds an item at the menu's end; the next item starts on the same kind of target. */
export function MenuAddForm({
  idPrefix,
  editor,
  choices,
}: {
  idPrefix: string;
  editor: MenuItems;
  choices: MenuEditorChoices;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<Fields>(() => emptyFields(choices));
  const [addErrors, setAddErrors] = useState<FieldErrors>({});
  return (
    <form
      className="space-y-3 rounded border border-stone-200 p-4"
      aria-labelledby={idPrefix}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = editor.problems(adding);
        setAddErrors(found);
        if (Object.keys(found).length > 0) {
          editor.focus(found.label ? `${idPrefix}-label` : `${idPrefix}-target`);
          // The focus does not move when it is already there: the errors must be heard anyway.
          editor.announce(Object.values(found).join(" "));
          return;
        }
        editor.add(adding);
        setAdding({ ...emptyFields(choices), kind: adding.kind, id: firstChoice(adding.kind, choices) });
      }}
    >
      <h2 id={idPrefix} className="text-xl font-semibold">
        {t("backOffice.menus.add")}
      </h2>
      <ItemFields
        idPrefix={idPrefix}
        value={adding}
        errors={addErrors}
        choices={choices}
        onChange={(fields) => {
          setAdding({ ...adding, ...fields });
          // A changed field is checked again when the item is added.
          setAddErrors({});
        }}
      />
      <button type="submit" className={ADMIN_BUTTON}>
        {t("backOffice.menus.addButton")}
      </button>
    </form>
  );
}
