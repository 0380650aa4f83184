import { useState } from "react";
import { ADMIN_BUTTON, ADMIN_NARROW_FIELD } from "./back-office-classes.ts";

/**
 * A list's "add one by name" form (a zone, a shipping class, a tax class): the name under its label
 * and the add button. `onAdd` gets the name; answering `true` (the row was made and the page stays)
 * empties the field for the next one.
 */
export function InlineAddForm({
  label,
  button,
  onAdd,
  busy,
  className = "flex flex-wrap items-end gap-2",
}: {
  label: string;
  button: string;
  onAdd: (name: string) => Promise<boolean> | undefined;
  /** Disables the button while a change is on its way. */
  busy?: boolean;
  className?: string;
}) {
  const [name, setName] = useState("");
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void onAdd(name)?.then((made) => made && setName(""));
      }}
    >
      <label className="text-sm font-medium">
        {label}
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={100}
          className={ADMIN_NARROW_FIELD}
        />
      </label>
      <button type="submit" className={ADMIN_BUTTON} disabled={busy}>
        {button}
      </button>
    </form>
  );
}
