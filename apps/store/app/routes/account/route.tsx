import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/fields.tsx";
import { LoginForm } from "../../features/account/login-form.tsx";
import { PasswordField } from "../../features/account/password-field.tsx";
import { AttributionForm, AttributionInputs } from "../../features/attribution/attribution-inputs.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { safeRedirectPath } from "../../services/shared/redirects.server.ts";
import type { Route } from "./+types/route";
import { accountAction, accountNonces } from "./account.server.ts";
import { accountSummary } from "./account-summary.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const [nonces, account] = await Promise.all([accountNonces(context), accountSummary(context)]);
  // Where signing in leads back to (the back office sends visitors here), on this site only.
  const back = new URL(request.url).searchParams.get("redirect");
  return { nonces, account, redirect: back ? safeRedirectPath(back, "") || null : null };
}

export async function action({ context, request }: Route.ActionArgs) {
  return accountAction(context, request);
}

export function meta() {
  return [{ title: "My account" }, { name: "robots", content: "noindex" }];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { account, nonces } = loaderData;
  if (account) {
    return (
      <section className="woocommerce-MyAccount-content space-y-4">
        <h1 className="text-3xl font-semibold">{t("account.title")}</h1>
        <p data-recording-mask>{t("account.hello", { email: account.email })}</p>
        <nav aria-label={t("account.title")}>
          <ul className="flex gap-4">
            <li>
              <Link to="/my-account/orders" className="underline">
                {t("account.orders")}
              </Link>
            </li>
            <li>
              <Link to="/my-account/downloads" className="underline">
                {t("account.downloads.title")}
              </Link>
            </li>
          </ul>
        </nav>
        {account.editablePages.length > 0 && (
          <nav aria-label={t("pages.pages")}>
            <h2 className="text-xl font-semibold">{t("pages.pages")}</h2>
            <ul className="flex gap-4">
              {account.editablePages.map((page) => (
                <li key={page.slug}>
                  <Link to={`/my-account/pages/${page.slug}`} className="underline">
                    {t("pages.edit", { page: page.title[i18n.language] || page.slug })}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="logout" />
          <input type="hidden" name="_wpnonce" value={nonces.logout} />
          <Button type="submit" variant="secondary" size="sm">
            {t("account.logout")}
          </Button>
        </Form>
      </section>
    );
  }
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("account.title")}</h1>
      <div className="grid gap-10 md:grid-cols-2">
        <div>
          <h2 className="mb-3 text-xl font-semibold">{t("account.login")}</h2>
          <LoginForm
            nonce={nonces.login}
            redirect={loaderData.redirect ?? undefined}
            errors={actionData?.intent === "login" ? errors : {}}
          />
        </div>
        <div>
          <h2 className="mb-3 text-xl font-semibold">{t("account.register")}</h2>
          <Form method="post" className="woocommerce-form-register space-y-3" reloadDocument>
            <input type="hidden" name="intent" value="register" />
            <AttributionForm>
              <AttributionInputs />
            </AttributionForm>
            <input type="hidden" name="_wpnonce" value={nonces.register} />
            {actionData?.intent === "register" && errors.form && (
              <p role="alert" className="border-l-4 border-sale bg-red-50 px-3 py-2 text-sm">
                {t(errors.form)}
              </p>
            )}
            <TextField
              id="reg_email"
              name="email"
              type="email"
              autoComplete="email"
              required
              label={t("account.email")}
              error={actionData?.intent === "register" && errors.email ? t(errors.email) : undefined}
            />
            <PasswordField
              id="reg_password"
              name="password"
              label={t("account.password")}
              autoComplete="new-password"
              error={actionData?.intent === "register" ? errors.password : undefined}
            />
            <Button type="submit">{t("account.register")}</Button>
          </Form>
        </div>
      </div>
    </section>
  );
}
