import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../../components/ui/use-hydrated.ts";

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
    <p className="form-row">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <span className="password-input mt-1 flex">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
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
      {error && (
        <span id={`${id}-error`} className="mt-1 block text-sm text-sale">
          {t(error)}
        </span>
      )}
    </p>
  );
}
