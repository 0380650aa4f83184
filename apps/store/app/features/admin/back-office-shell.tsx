import { createContext, useContext, useEffect, useId, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { PaymentsTestModeNotice } from "../../components/layout/admin-bar.tsx";
import { MenuIcon } from "../../components/layout/menu-toggle.tsx";
import { Notices } from "../../components/ui/notices.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useRootData } from "../../root-data.ts";

/**
 * The back office's own frame (issue 40, decision 0064): a bar with the store's name, "View store",
 * the signed-in person and "Sign out", and beside the page the owner's navigation, which on narrow
 * screens folds behind a "Menu" button (a disclosure: `aria-expanded`, `aria-controls`). None of the
 * storefront's header, search, mini-cart or footer: the root leaves them out on back-office pages.
 * Under the bar, while Stripe runs on a test key, administrators read the test-mode notice.
 */

const NavigationState = createContext<{ id: string; open: boolean; close: () => void }>({
  id: "back-office-navigation",
  open: false,
  close: () => {},
});

const BAR_LINK =
  "rounded px-2 py-1 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white";

export function BackOfficeShell({
  person,
  logoutNonce,
  children,
}: {
  person: string;
  logoutNonce: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const id = useId();
  const [open, setOpen] = useState(false);
  // Says, for scripts and tests, that the back office's page is hydrated: its controls answer from
  // now on (the storefront's pages say it with the cart client's `data-cart-client`).
  useEffect(() => {
    document.documentElement.dataset.backOffice = "ready";
    return () => {
      delete document.documentElement.dataset.backOffice;
    };
  }, []);
  return (
    <NavigationState.Provider value={{ id, open, close: () => setOpen(false) }}>
      <header className="back-office-bar flex flex-wrap items-center gap-x-3 gap-y-1 bg-stone-900 px-4 py-2 text-sm text-white">
        <Link to="/admin" className={`text-base font-semibold ${BAR_LINK}`}>
          {root?.storeName}
        </Link>
        {/* A document load: the storefront's own frame and data come with it. */}
        <a href="/" className={BAR_LINK}>
          {t("backOffice.shell.viewStore")}
        </a>
        <div className="ml-auto flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <span className="min-w-0 break-all">{t("backOffice.shell.signedInAs", { person })}</span>
          <Form method="post" action="/my-account" reloadDocument>
            <input type="hidden" name="intent" value="logout" />
            <input type="hidden" name="_wpnonce" value={logoutNonce} />
            <button type="submit" className={`${BAR_LINK} border border-stone-500`}>
              {t("backOffice.shell.signOut")}
            </button>
          </Form>
        </div>
        {/* Last in the bar, so that the next Tab from it goes into the menu it opened. */}
        <button
          type="button"
          className={`flex h-10 items-center gap-2 rounded px-2 md:hidden ${BAR_LINK}`}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
          {t("backOffice.shell.menu")}
        </button>
      </header>
      {root?.staff?.paymentsTestMode && <PaymentsTestModeNotice />}
      <div className="back-office mx-auto grid w-full max-w-7xl flex-1 gap-6 px-4 py-6 md:grid-cols-[12rem_1fr]">
        {children}
      </div>
    </NavigationState.Provider>
  );
}

/** The owner's navigation: always beside the page from 768 px, behind the bar's "Menu" below that. */
export function BackOfficeNav({ label, children }: { label: string; children: React.ReactNode }) {
  const { id, open, close } = useContext(NavigationState);
  const { pathname } = useLocation();
  // Following a link of the menu closes it, so the page it opens is what the owner sees.
  useEffect(close, [pathname]);
  return (
    <nav id={id} aria-label={label} className={open ? "block" : "hidden md:block"}>
      {children}
    </nav>
  );
}

/** The page's own part, with the notices a form post's redirect carried. */
export function BackOfficeMain({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <main id="main" className="min-w-0">
      {root && <Notices notices={root.notices} />}
      {children}
    </main>
  );
}
