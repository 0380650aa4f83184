import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/fields.tsx";
import { PasswordField } from "../../features/account/password-field.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { lostPasswordAction, lostPasswordView } from "./lost-password.server.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  return lostPasswordView(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return lostPasswordAction(context, request);
}

export function meta() {
  return [{ title: "Lost password" }, { name: "robots", content: "noindex" }];
}

export default function LostPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // A stale link's reason comes with the page; an answer to the form brings its own.
  const error = actionData ? actionData.error : loaderData.error;
  return (
    <section className="max-w-md space-y-4">
      <h1 className="text-3xl font-semibold">{t("account.lostPassword")}</h1>
      {error && (
        <p role="alert" className="border-l-4 border-sale bg-red-50 px-3 py-2">
          {t(error)}
        </p>
      )}
      {actionData?.sent ? (
        <p role="status">{t("account.resetSent")}</p>
      ) : loaderData.reset ? (
        <Form method="post" reloadDocument className="space-y-3">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="_wpnonce" value={loaderData.nonce} />
          <input type="hidden" name="key" value={loaderData.reset.key} />
          <input type="hidden" name="login" value={loaderData.reset.login} />
          <PasswordField
            id="password_1"
            name="password_1"
            label={t("account.newPassword")}
            autoComplete="new-password"
          />
          <Button type="submit">{t("account.savePassword")}</Button>
        </Form>
      ) : (
        <Form method="post" reloadDocument className="space-y-3">
          <p>{t("account.lostPasswordIntro")}</p>
          <input type="hidden" name="_wpnonce" value={loaderData.nonce} />
          <TextField
            id="user_login"
            name="user_login"
            type="email"
            autoComplete="email"
            required
            label={t("account.email")}
            className=""
          />
          <Button type="submit">{t("account.resetPassword")}</Button>
        </Form>
      )}
    </section>
  );
}
