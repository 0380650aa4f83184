import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { PasswordField } from "../../features/account/password-field.tsx";
import type { Route } from "./+types/route";
import { invitationAction, invitationView } from "./account-invitation.server.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  return invitationView(context, new URL(request.url));
}

export async function action({ context, request }: Route.ActionArgs) {
  return invitationAction(context, request);
}

export function meta() {
  return [{ title: "Invitation" }, { name: "robots", content: "noindex" }];
}

/** An invitee chooses their password (decision 0038). */
export default function AccountInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, texts } = loaderData;
  return (
    <section className="max-w-md space-y-4">
      <h1 className="text-3xl font-semibold">{texts.title}</h1>
      {actionData?.error && (
        <p role="alert" className="border-l-4 border-sale bg-red-50 px-3 py-2">
          {actionData.error}
        </p>
      )}
      {invitation ? (
        <Form method="post" reloadDocument className="space-y-3">
          <p>{texts.intro}</p>
          <input type="hidden" name="_wpnonce" value={loaderData.nonce} />
          <input type="hidden" name="key" value={invitation.key} />
          <input type="hidden" name="login" value={invitation.login} />
          <PasswordField
            id="password_1"
            name="password_1"
            label={texts.password}
            autoComplete="new-password"
          />
          <Button type="submit">{texts.accept}</Button>
        </Form>
      ) : (
        !actionData?.error && <p role="alert">{texts.invalid}</p>
      )}
    </section>
  );
}
