import { lazy, Suspense, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { InlineStylesheet } from "./components/layout/inline-stylesheet.tsx";
import { PageLoader } from "./components/layout/page-loader.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { StoreNotice } from "./components/layout/store-notice.tsx";
import { lazyPart, PartSlot } from "./components/ui/lazy-part.tsx";
import { Notices } from "./components/ui/notices.tsx";
import { followAnchorClicks } from "./components/ui/scroll.ts";
import { ServerScript } from "./components/ui/server-script.tsx";
import { useMarkHydrated } from "./components/ui/use-hydrated.ts";
import { AccountMenu } from "./features/account/account-menu.tsx";
import { useAttributionTracking } from "./features/attribution/use-attribution-tracking.ts";
import { cartClientConfig } from "./features/cart/cart-config.ts";
import { HeaderCart } from "./features/cart/header-cart.tsx";
import { consentApiScript } from "./features/consent/consent-script.tsx";
import { SearchBox } from "./features/search/search-box.tsx";
import { SeoLinks } from "./features/seo/seo-links.tsx";
import { useWalletDirectCheckout } from "./features/wallet/use-wallet-direct-checkout.ts";
import { moneyFormatOf, rememberMoneyFormat } from "./i18n/format.ts";
import { createI18n, type Locale } from "./i18n/i18n.ts";
import { StringsLink } from "./i18n/strings-link.tsx";
import { useTranslation } from "./i18n/use-translation.ts";
import { isBackOfficeHandle } from "./lib/back-office-handle.ts";
import { emptyCart } from "./lib/cart.ts";
import { totalsDisplayOf } from "./lib/totals/totals-rows.ts";
import { type RootData, useRootData } from "./root-data.ts";
import { trackingFor } from "./services/analytics/analytics.server.ts";
import { pageHeaders, REMOVE_ITEM_NONCE } from "./services/cart/cart-session.server.ts";
import { walletClientConfig } from "./services/cart/wallet-page.server.ts";
import { searchCategoryOptions } from "./services/catalogue/search.server.ts";
import { legalPageLinks } from "./services/content/legal-pages.server.ts";
import { loadMenu } from "./services/content/menu-queries.server.ts";
import { seoLinks } from "./services/content/seo.server.ts";
import { storeNoticeFor } from "./services/content/store-notice.server.ts";
import { guestFormNonce, LOGIN_NONCE } from "./services/people/accounts.server.ts";
import { staffViewFor } from "./services/people/staff.server.ts";
import { userRoleAndMeta } from "./services/people/users.server.ts";
import { comingSoonBannerFor } from "./services/settings/coming-soon.server.ts";
import { parseCookies } from "./services/shared/cookies.server.ts";
import { createNonce } from "./services/shared/nonce.server.ts";

/** Staff only: shoppers' pages never load their code. */
const AdminBar = lazyPart("admin-bar", () => import("./components/layout/admin-bar.tsx"));
const ComingSoonBanner = lazyPart(
  "coming-soon-banner",
  () => import("./components/layout/coming-soon-banner.tsx"),
);

/**
 * Analytics' consent gate loads after the page, only in a store with analytics on. The shopper does
 * not see it: a failed load leaves the page as it is, with nothing to reload for.
 */
const AnalyticsGate = lazy(() =>
  import("./features/analytics/analytics-gate.tsx").catch(() => ({ default: () => null })),
);

/** The consent banner's host loads after the page, only in a store that asks for consent. */
const ConsentHost = lazyPart("consent-host", () => import("./features/consent/consent-host.tsx"));

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The error page's title (the pages set their own): every page has one, in its language. The
 * titles come with the root's data, so the translations stay out of the page's scripts.
 */
export function meta({ data, error }: Route.MetaArgs) {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const titles = data?.errorTitles ?? { notFound: "Page not found", error: "Something went wrong" };
  return [{ title: notFound ? titles.notFound : titles.error }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, session, settings, siteCache, sharedPage } = context;
  // A shared catalogue page holds nothing of the shopper: its mini-cart is the empty one, which the
  // browser replaces from its fragment cache; other pages render the session's cart and notices.
  const current = sharedPage ? null : await session.get();
  const [primaryMenu, footerMenu, categoryMenu, miniCart, notices, searchCategories, user, legalPages] =
    await Promise.all([
      siteCache.get(`menu:primary:${locale}`, () => loadMenu(db, "primary", locale)),
      siteCache.get(`menu:footer:${locale}`, () => loadMenu(db, "footer", locale)),
      // The vertical category menu's own items (decision 0036); while it has none it shows the primary menu.
      siteCache.get(`menu:categories:${locale}`, () => loadMenu(db, "categories", locale)),
      sharedPage ? emptyCart : context.cart.current().then(({ cart }) => cart),
      sharedPage ? [] : session.takeNotices(),
      siteCache.get(`search-categories:${locale}`, () => searchCategoryOptions(db, locale)),
      current?.userId ? userRoleAndMeta(db, current.userId) : null,
      // The consent banner's privacy link (decision 0051), only in a store that shows the banner.
      settings.consent.banner
        ? siteCache.get(`legal-pages:${locale}`, () => legalPageLinks(db, settings.legal_pages, locale))
        : null,
    ]);
  return data(
    {
      locale,
      cspNonce: context.cspNonce,
      restNonce: current ? createNonce(current.nonceSecret, "wp_rest") : "",
      storeName: settings.name,
      errorTitles: errorTitles(locale),
      stickyHeaderHideOnScroll: settings.sticky_header_hide_on_scroll,
      verticalMenuOnHome: settings.header_nav_vertical_fly_out_frontpage,
      currency: settings.currency,
      moneyFormat: moneyFormatOf(settings.currency, locale),
      totalsDisplay: totalsDisplayOf(settings.taxes),
      primaryMenu,
      footerMenu,
      categoryMenu,
      cartCount: miniCart.itemCount,
      miniCart,
      removeNonce: current ? createNonce(current.nonceSecret, REMOVE_ITEM_NONCE) : "",
      cart: cartClientConfig(context.config.publicUrl, locale, settings),
      notices,
      attribution: settings.order_attribution,
      tracking: trackingFor(settings, context.contentSources),
      legalPages,
      wallet: await walletClientConfig(context, new URL(request.url)),
      account: {
        signedIn: Boolean(current?.userId),
        loginNonce: guestFormNonce(context.config.sessionSecret, LOGIN_NONCE),
      },
      search: { latency: settings.search_result_latency, categories: searchCategories },
      comingSoonBanner: comingSoonBannerFor(settings, user),
      staff: staffViewFor(settings, user, context.config),
      pageLoader: settings.page_loader,
      storeNotice: storeNoticeFor(settings, locale, parseCookies(request.headers.get("Cookie"))),
      seo: seoLinks(context.config.publicUrl, new URL(request.url), locale),
    },
    { headers: sharedPage ? undefined : pageHeaders(context, miniCart, request) },
  );
}

/**
 * The tracking the document was served with, kept for the document's life. Its content security
 * policy and its consent script came with it, so a settings change that a revalidation brings (the
 * owner's own save, say) applies from the next page load, not halfway through this one: a GA4 id
 * set now would have the page load a script its policy refuses (decision 0040).
 */
function useServedTracking(root: RootData | undefined) {
  const [served] = useState(root?.tracking);
  return served;
}

/**
 * Whether the page is the back office's, which has a frame of its own (decision 0064). An error page
 * is the storefront's: the back office's frame did not render.
 */
function useBackOffice(): boolean {
  const matches = useMatches();
  const error = useRouteError();
  return !error && matches.some((match) => isBackOfficeHandle(match.handle));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  // Before any price below is written: the browser then builds no number formatter (decision 0093).
  if (root) rememberMoneyFormat(root.currency, root.locale, root.moneyFormat);
  const tracking = useServedTracking(root);
  const { t } = useTranslation();
  const backOffice = useBackOffice();
  return (
    <html lang={root?.locale ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <InlineStylesheet href={stylesheet} />
        <StringsLink />
        <meta name="x-vitrine-nonce" content={root?.restNonce ?? ""} />
        {/* The WP Consent API, for every script of the page from its first line (decision 0040). */}
        {root && (
          <ServerScript
            nonce={root.cspNonce}
            html={import.meta.env.SSR ? consentApiScript(root.tracking.banner) : ""}
          />
        )}
        <Meta />
        <Links />
        {root && <SeoLinks links={root.seo} />}
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-stone-900 antialiased">
        {/* First in the document, so the first Tab reaches the banner (decision 0051). */}
        {root && tracking?.banner && !backOffice && (
          <PartSlot>
            <ConsentHost legalPages={root.legalPages} />
          </PartSlot>
        )}
        {root?.pageLoader && !backOffice && <PageLoader nonce={root.cspNonce} />}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          {t("site.skipToContent")}
        </a>
        {backOffice ? (
          children
        ) : (
          <>
            {root?.staff && (
              <PartSlot>
                <AdminBar staff={root.staff} />
              </PartSlot>
            )}
            {root?.storeNotice && <StoreNotice notice={root.storeNotice} />}
            {root && (
              <SiteHeader
                root={root}
                search={<SearchBox latency={root.search.latency} categories={root.search.categories} />}
                account={
                  <AccountMenu
                    signedIn={root.account.signedIn}
                    loginNonce={root.account.loginNonce}
                    notices={root.notices.filter((notice) => notice.scope === "login")}
                  />
                }
                cart={
                  <HeaderCart
                    config={root.cart}
                    serverCart={root.miniCart}
                    removeNonce={root.removeNonce}
                    locale={root.locale}
                  />
                }
              />
            )}
            <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
              {root && <Notices notices={root.notices.filter((notice) => notice.scope !== "login")} />}
              {children}
            </main>
            {root && <SiteFooter root={root} />}
            {root?.comingSoonBanner && (
              <PartSlot>
                <ComingSoonBanner restUrl={root.comingSoonBanner.restUrl} />
              </PartSlot>
            )}
          </>
        )}
        <ScrollRestoration nonce={root?.cspNonce} />
        <Scripts nonce={root?.cspNonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  const tracking = useServedTracking(root);
  useAttributionTracking(root?.attribution);
  useWalletDirectCheckout(root?.wallet);
  useEffect(followAnchorClicks, []);
  useMarkHydrated();
  return (
    <>
      {tracking?.analytics && (
        <Suspense>
          <AnalyticsGate config={tracking} />
        </Suspense>
      )}
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const badRequest = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && !notFound;
  return (
    <section className="py-16 text-center">
      <h1 className="text-3xl font-semibold">
        {notFound ? t("errors.notFoundTitle") : t("errors.errorTitle")}
      </h1>
      <p className="mt-4 text-stone-600">
        {notFound
          ? t("errors.notFound")
          : forbidden
            ? t("errors.forbidden")
            : badRequest
              ? t("errors.badRequest")
              : t("errors.error")}
      </p>
      <p className="mt-6">
        <a href="/" className="text-brand underline">
          {t("errors.backHome")}
        </a>
      </p>
    </section>
  );
}

function errorTitles(locale: Locale): { notFound: string; error: string } {
  const { t } = createI18n(locale);
  return { notFound: t("errors.notFoundTitle"), error: t("errors.errorTitle") };
}
