import { useState } from "react";
import { Link, useLocation } from "react-router";
import { LazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { lazyPart } from "../../components/ui/lazy-part.tsx";
import { LineIcon } from "../../components/ui/line-icon.tsx";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { AccountFormErrors } from "./login-form.tsx";
import { useSignedIn } from "./use-signed-in.ts";

/** The popup's form loads with the popup, not with every page. */
const LoginForm = lazyPart("login-form", () =>
  import("./login-form.tsx").then((module) => ({ default: module.LoginForm })),
);

type LoginNotice = { message: string; params?: Record<string, string> };

/** Below 850 px the entry is a 40 px icon; its words stay as its name (decision 0052). */
const ENTRY_CLASS =
  "underline-offset-4 hover:underline max-[850px]:flex max-[850px]:h-10 max-[850px]:w-10 max-[850px]:items-center max-[850px]:justify-center max-[850px]:rounded max-[850px]:hover:bg-stone-100";

function EntryContent({ label }: { label: string }) {
  return (
    <>
      <LineIcon className="h-5 w-5 min-[850px]:hidden">
        <circle cx="10" cy="6.5" r="3.5" />
        <path d="M3 18c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" strokeLinecap="round" />
      </LineIcon>
      <span className="max-[850px]:sr-only">{label}</span>
    </>
  );
}

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
  const hydrated = useHydratedControls();
  const signedInNow = useSignedIn(signedIn);
  const location = useLocation();
  const [open, setOpen] = useState(notices.length > 0);
  const link = (
    <Link to="/my-account" className={ENTRY_CLASS}>
      <EntryContent label={t("site.account")} />
    </Link>
  );
  if (signedInNow || !hydrated) return link;
  const errors: AccountFormErrors = notices[0] ? { form: notices[0].message } : {};
  return (
    <LazyDialog
      open={open}
      onOpenChange={setOpen}
      title={t("account.loginPopup")}
      closeLabel={t("account.close")}
      id="account-login-popup"
      trigger={
        <button type="button" className={ENTRY_CLASS}>
          <EntryContent label={t("site.account")} />
        </button>
      }
      contentClassName="fixed left-1/2 top-1/2 z-50 w-[26rem] max-w-[92vw] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl"
    >
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
    </LazyDialog>
  );
}
