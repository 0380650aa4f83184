import { type ReactNode, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { MenuItem } from "../../lib/menu.ts";
import { lazyPart, PartSlot } from "../ui/lazy-part.tsx";
import { useHydratedControls } from "../ui/use-hydrated.ts";
import { Flag } from "./flags.tsx";
import { HeaderSearch } from "./header-search.tsx";
import { MainMenu } from "./main-menu.tsx";
import { MenuLink } from "./menu-toggle.tsx";
import { useStickyHeader } from "./use-sticky-header.ts";
import { VerticalMenu } from "./vertical-menu.tsx";

// The small screens' menu drawer: its code loads once the page is interactive, not with the page.
const MobileMenu = lazyPart("mobile-menu", () =>
  import("./mobile-menu.tsx").then((module) => ({ default: module.MobileMenu })),
);

/** What the header draws from the root's data. */
export type SiteHeaderData = {
  storeName: string;
  locale: string;
  stickyHeaderHideOnScroll: boolean;
  verticalMenuOnHome: boolean;
  primaryMenu: MenuItem[];
  categoryMenu: MenuItem[];
};

/**
 * The site's header. The features in it (the search box, the account menu, the mini-cart) come in
 * as slots from root.tsx: the layout knows no feature, so no import leads from it back to the pages.
 */
export function SiteHeader({
  root,
  search,
  account,
  cart,
}: {
  root: SiteHeaderData;
  search: ReactNode;
  account: ReactNode;
  cart: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const headerRef = useRef<HTMLElement>(null);
  useStickyHeader(headerRef, root.stickyHeaderHideOnScroll);
  const languages = (className: string) => (
    <LanguageSwitch className={className} current={root.locale} redirectTo={here} />
  );
  return (
    <header ref={headerRef} className="site-header z-30 border-b border-stone-200 bg-white">
      {/* Below 850 px one row of 64 px (decision 0052): Menu, the name, Search, account and cart; the
          search opens below it on demand and the languages are in the menu. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4 max-[850px]:gap-1 max-[850px]:py-3">
        <div className="mobile-menu min-[850px]:hidden">
          <MobileMenuSlot items={root.primaryMenu} languages={languages("mt-6 flex flex-wrap gap-1")} />
        </div>
        <Link
          to="/"
          className="text-2xl font-bold tracking-tight text-brand max-[850px]:min-w-0 max-[850px]:flex-1 max-[850px]:truncate"
        >
          {root.storeName}
        </Link>
        <HeaderSearch>{search}</HeaderSearch>
        {languages("ml-auto flex gap-1 max-[850px]:hidden")}
        <nav aria-label={t("site.account")} className="flex items-center gap-4 max-[850px]:gap-1">
          {account}
          {cart}
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
      {/* Without scripts, a phone's Menu link shows the languages below the menu (app.css). */}
      {languages("phone-languages flex-wrap gap-1 px-4 pb-3")}
    </header>
  );
}

/**
 * The phone's Menu: a link to the menu in the page until hydration, then the drawer's button. The
 * hydration flag is read here, not in the header, so that its switch redraws this box alone.
 */
function MobileMenuSlot({ items, languages }: { items: MenuItem[]; languages: ReactNode }) {
  const { t } = useTranslation();
  // The same box before scripts, while the drawer's code loads, and after (decision 0045).
  const menuLink = <MenuLink label={t("site.openMenu")} />;
  const hydrated = useHydratedControls();
  return hydrated ? (
    <PartSlot fallback={menuLink}>
      <MobileMenu items={items} languages={languages} />
    </PartSlot>
  ) : (
    menuLink
  );
}

/** The language switch: a plain form, so it works before and without scripts. */
function LanguageSwitch({
  className,
  current,
  redirectTo,
}: {
  className: string;
  current: string;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      action="/language"
      reloadDocument
      className={className}
      aria-label={t("site.language")}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <LanguageButton lang="en" current={current} label={t("site.english")} />
      <LanguageButton lang="es" current={current} label={t("site.spanish")} />
    </Form>
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
      <Flag lang={lang} /> <span>{label}</span>
    </button>
  );
}
