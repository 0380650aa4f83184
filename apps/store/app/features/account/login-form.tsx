import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { PasswordField } from "./password-field.tsx";

export type AccountFormErrors = Record<string, string>;

/** The sign-in form, on the account page and in the header's popup. */
export function LoginForm({
  nonce,
  redirect,
  errors = {},
  idPrefix = "",
  from,
}: {
  nonce: string;
  redirect?: string;
  errors?: AccountFormErrors;
  idPrefix?: string;
  from?: "popup";
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/my-account" className="woocommerce-form-login space-y-3" reloadDocument>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="_wpnonce" value={nonce} />
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      {from && <input type="hidden" name="from" value={from} />}
      {errors.form && (
        <p role="alert" className="woocommerce-error border-l-4 border-sale bg-red-50 px-3 py-2 text-sm">
          {t(errors.form)}
        </p>
      )}
      <p className="form-row">
        <label htmlFor={`${idPrefix}username`} className="block text-sm font-medium">
          {t("account.email")}
        </label>
        <input
          id={`${idPrefix}username`}
          name="username"
          type="email"
          autoComplete="username"
          required
          aria-invalid={errors.username ? true : undefined}
          className="mt-1 w-full rounded border border-stone-300 px-2 py-1"
        />
        {errors.username && <span className="mt-1 block text-sm text-sale">{t(errors.username)}</span>}
      </p>
      <PasswordField
        id={`${idPrefix}password`}
        name="password"
        label={t("account.password")}
        autoComplete="current-password"
        error={errors.password}
      />
      <p className="flex items-center gap-4">
        <button
          type="submit"
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {t("account.login")}
        </button>
        <a href="/my-account/lost-password" className="text-sm underline">
          {t("account.lostPasswordLink")}
        </a>
      </p>
    </Form>
  );
}
