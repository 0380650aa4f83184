import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { type AccountFormErrors, LoginForm } from "./login-form.tsx";

type LoginNotice = { message: string; params?: Record<string, string> };

/**
 * The header's account entry. Signed in: a link to the account. Signed out: with JavaScript, a button
 * that opens the sign-in form as a popup (which opens by itself when it holds a login notice, so a
 * failed popup sign-in is never silent); without it, a link to the account page's form.
 */
export function AccountMenu({
  signedIn,
  loginNonce,
  notices,
}: {
  signedIn: boolean;
  loginNonce: string;
  notices: LoginNotice[];
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(notices.length > 0);
  const link = (
    <Link to="/my-account" className="underline-offset-4 hover:underline">
      {t("site.account")}
    </Link>
  );
  if (signedIn || !hydrated) return link;
  const errors: AccountFormErrors = notices[0] ? { form: notices[0].message } : {};
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="underline-offset-4 hover:underline">{t("site.account")}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[26rem] max-w-[92vw] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{t("account.loginPopup")}</Dialog.Title>
            <Dialog.Close
              className="rounded p-1 text-2xl leading-none hover:bg-stone-100"
              aria-label={t("account.close")}
            >
              ×
            </Dialog.Close>
          </div>
          <LoginForm
            nonce={loginNonce}
            redirect={location.pathname + location.search}
            errors={errors}
            idPrefix="popup-"
            from="popup"
          />
          <p className="mt-4 text-sm">
            <Link to="/my-account" className="underline" onClick={() => setOpen(false)}>
              {t("account.register")}
            </Link>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
