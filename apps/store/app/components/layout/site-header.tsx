import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, NavLink, useLocation } from "react-router";
import { AccountMenu } from "../../features/account/index.ts";
import { HeaderCart } from "../../features/cart/index.ts";
import { SearchBox } from "../../features/search/index.ts";
import type { RootData } from "../../root.tsx";
import { Flag } from "./flags.tsx";
import { useStickyHeader } from "./use-sticky-header.ts";

export function SiteHeader({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const headerRef = useRef<HTMLElement>(null);
  useStickyHeader(headerRef, root.stickyHeaderHideOnScroll);
  return (
    <header ref={headerRef} className="site-header z-30 border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4">
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
      <nav aria-label={t("site.mainMenu")} className="border-t border-stone-100">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-3 text-sm font-medium">
          <li>
            <NavLink
              to="/shop"
              className={({ isActive }) => (isActive ? "text-brand underline" : "hover:text-brand")}
            >
              {t("site.shop")}
            </NavLink>
          </li>
          {root.primaryMenu.map((item) => (
            <li key={item.id} className="group relative">
              <NavLink
                to={item.url}
                className={({ isActive }) => (isActive ? "text-brand underline" : "hover:text-brand")}
              >
                {item.label}
              </NavLink>
              {item.children.length > 0 && (
                <ul className="absolute left-0 z-20 hidden min-w-48 border border-stone-200 bg-white p-2 shadow-lg group-focus-within:block group-hover:block">
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <NavLink to={child.url} className="block px-2 py-1 hover:text-brand">
                        {child.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
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
      <Flag lang={lang} /> {label}
    </button>
  );
}
