import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/fields.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
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
      <TextField
        id={`${idPrefix}username`}
        name="username"
        type="email"
        autoComplete="username"
        required
        label={t("account.email")}
        error={errors.username && t(errors.username)}
      />
      <PasswordField
        id={`${idPrefix}password`}
        name="password"
        label={t("account.password")}
        autoComplete="current-password"
        error={errors.password}
      />
      <p className="flex items-center gap-4">
        <Button type="submit">{t("account.login")}</Button>
        <a href="/my-account/lost-password" className="text-sm underline">
          {t("account.lostPasswordLink")}
        </a>
      </p>
    </Form>
  );
}
