import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { AccountMenu } from "../../features/account/index.ts";
import { HeaderCart } from "../../features/cart/index.ts";
import { SearchBox } from "../../features/search/index.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { RootData } from "../../root.tsx";
import { lazyPart, PartSlot } from "../ui/lazy-part.tsx";
import { useHydrated } from "../ui/use-hydrated.ts";
import { Flag } from "./flags.tsx";
import { MainMenu } from "./main-menu.tsx";
import { MenuLink } from "./menu-toggle.tsx";
import { useStickyHeader } from "./use-sticky-header.ts";
import { VerticalMenu } from "./vertical-menu.tsx";

// The small screens' menu drawer: its code loads once the page is interactive, not with the page.
const MobileMenu = lazyPart("mobile-menu", () =>
  import("./mobile-menu.tsx").then((module) => ({ default: module.MobileMenu })),
);

export function SiteHeader({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const headerRef = useRef<HTMLElement>(null);
  const hydrated = useHydrated();
  useStickyHeader(headerRef, root.stickyHeaderHideOnScroll);
  // The same box before scripts, while the drawer's code loads, and after (decision 0045).
  const menuLink = <MenuLink label={t("site.openMenu")} />;
  return (
    <header ref={headerRef} className="site-header z-30 border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4 max-[850px]:gap-2 max-[850px]:py-2">
        <div className="mobile-menu min-[850px]:hidden">
          {hydrated ? (
            <PartSlot fallback={menuLink}>
              <MobileMenu items={root.primaryMenu} />
            </PartSlot>
          ) : (
            menuLink
          )}
        </div>
        <Link to="/" className="text-2xl font-bold tracking-tight text-brand">
          {root.storeName}
        </Link>
        <SearchBox latency={root.search.latency} categories={root.search.categories} />
        <Form
          method="post"
          action="/language"
          reloadDocument
          className="ml-auto flex gap-1"
          aria-label={t("site.language")}
        >
          <input type="hidden" name="redirectTo" value={here} />
          <LanguageButton lang="en" current={root.locale} label={t("site.english")} />
          <LanguageButton lang="es" current={root.locale} label={t("site.spanish")} />
        </Form>
        <nav aria-label={t("site.account")} className="flex items-center gap-4">
          <AccountMenu
            signedIn={root.account.signedIn}
            loginNonce={root.account.loginNonce}
            notices={root.notices.filter((notice) => notice.scope === "login")}
          />
          <HeaderCart
            config={root.cart}
            serverCart={root.miniCart}
            removeNonce={root.removeNonce}
            locale={root.locale}
          />
        </nav>
      </div>
      <MainMenu
        items={root.primaryMenu}
        leading={
          (root.categoryMenu.length > 0 || root.primaryMenu.length > 0) && (
            <VerticalMenu
              items={root.categoryMenu.length > 0 ? root.categoryMenu : root.primaryMenu}
              holdOpen={root.verticalMenuOnHome && location.pathname === "/"}
              header={headerRef}
            />
          )
        }
      />
    </header>
  );
}

function LanguageButton({ lang, current, label }: { lang: "en" | "es"; current: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      name="lang"
      value={lang}
      lang={lang}
      aria-pressed={lang === current}
      title={t("site.switchTo", { language: label })}
      className="flex items-center gap-1 rounded px-2 py-1 text-sm aria-pressed:bg-stone-200 aria-pressed:font-semibold"
    >
      <Flag lang={lang} /> <span className="max-[850px]:sr-only">{label}</span>
    </button>
  );
}
