/**
 * The back office's controls, one look for every back-office page (issue 38): a page uses these
 * and defines no control classes of its own. Focus shows as the brand's outline, on native
 * controls (`focus-visible`) and on React Aria's (`data-[focus-visible]`) alike.
 */
const FOCUS =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand";
const BUTTON_SHAPE = `rounded border py-1 text-sm ${FOCUS} disabled:opacity-50 data-[disabled]:opacity-50`;

/** A button. */
export const ADMIN_BUTTON = `${BUTTON_SHAPE} px-3 border-stone-300 bg-white hover:border-brand`;
/** The one button that does what a form or dialog is for. */
export const ADMIN_PRIMARY_BUTTON = `${BUTTON_SHAPE} px-3 border-brand bg-brand text-white hover:bg-brand-dark`;
/** A button in a row of a list or a tree (move up, move down, remove): narrower. */
export const ADMIN_ROW_BUTTON = `${BUTTON_SHAPE} px-2 border-stone-300 bg-white hover:border-brand`;

const FIELD_SHAPE = "rounded border border-stone-300 px-2 py-1 aria-invalid:border-red-600";
/** A text field, select or text area under its label, as wide as its column. */
export const ADMIN_FIELD = `mt-1 block w-full ${FIELD_SHAPE}`;
/** The same under its label, as wide as its content (a table's filters). */
export const ADMIN_NARROW_FIELD = `mt-1 block ${FIELD_SHAPE}`;
/** The same in a line of text or a table's cell. */
export const ADMIN_INLINE_FIELD = FIELD_SHAPE;

/** The button that saves a whole form, at its foot. */
export const ADMIN_SAVE_BUTTON = `rounded bg-brand px-4 py-2 font-semibold text-white ${FOCUS} disabled:opacity-60`;
