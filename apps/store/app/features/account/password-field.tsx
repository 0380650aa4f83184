import { useState } from "react";
import { controlAria, Field } from "../../components/ui/fields.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** A password input with a show/hide toggle (labels `i18n_password_show` / `i18n_password_hide`). */
export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  error,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: string;
  error?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} error={error && t(error)}>
      <span className="password-input mt-1 flex">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          required
          {...controlAria(id, error)}
          className="w-full rounded-l border border-stone-300 px-2 py-1"
        />
        {hydrated && (
          <button
            type="button"
            className="show-password-input rounded-r border border-l-0 border-stone-300 px-2 text-sm"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? t("account.i18n_password_hide") : t("account.i18n_password_show")}
          </button>
        )}
      </span>
    </Field>
  );
}
