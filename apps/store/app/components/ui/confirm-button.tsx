import type { ReactNode } from "react";
import { ADMIN_ROW_BUTTON } from "./back-office-classes.ts";

/**
 * A button that asks first (a row's "Delete"): `onConfirm` runs only once the owner agrees to
 * `question` in the browser's confirm dialog. A row's button unless `className` says otherwise.
 */
export function ConfirmButton({
  question,
  onConfirm,
  disabled,
  className = ADMIN_ROW_BUTTON,
  children,
}: {
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
    >
      {children}
    </button>
  );
}
