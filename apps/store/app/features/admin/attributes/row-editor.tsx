import { type ReactNode, useRef } from "react";
import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";

/**
 * A row's own edit form behind a disclosure (as a review's reply is): its fields are `children`,
 * read when sent. Once saved it closes and hands the focus back to its summary, so a keyboard user
 * goes on from where they were. The fields keep what was saved, which is what the page reads again.
 */
export function RowEditor({
  name,
  busy,
  onSave,
  children,
}: {
  /** The record's name, for the controls' accessible names. */
  name: string;
  busy: boolean;
  onSave: (form: FormData) => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  return (
    <details ref={details} className="row-editor">
      <summary
        ref={summary}
        className="cursor-pointer text-sm underline"
        aria-label={t("backOffice.attributes.editNamed", { name })}
      >
        {t("backOffice.attributes.edit")}
      </summary>
      <form
        className="mt-2 min-w-64 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void onSave(new FormData(event.currentTarget)).then((saved) => {
            if (!saved || !details.current) return;
            details.current.open = false;
            summary.current?.focus();
          });
        }}
      >
        {children}
        <button
          type="submit"
          className={ADMIN_ROW_BUTTON}
          disabled={busy}
          aria-label={t("backOffice.attributes.saveNamed", { name })}
        >
          {t("backOffice.attributes.save")}
        </button>
      </form>
    </details>
  );
}
