import { type ReactNode, useCallback, useEffect, useId, useRef, useSyncExternalStore } from "react";
import { Link, useLocation, useNavigation, useRevalidator } from "react-router";
import { Drawer } from "../../components/ui/drawer.tsx";
import { LineIcon } from "../../components/ui/line-icon.tsx";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CartView } from "../../lib/cart.ts";
import { startCartClient, syncWithCookies } from "./cart-client.ts";
import type { CartClientConfig } from "./cart-config.ts";
import { CartLiveRegions } from "./cart-live-regions.tsx";
import { CART_COUNT_SELECTOR, MINI_CART_SELECTOR } from "./cart-selectors.ts";
import { cartStore, shownCount } from "./cart-store.ts";
import { FragmentSlot } from "./fragment-slot.tsx";
import { attachMiniCartActions } from "./mini-cart-actions.ts";
import { CartCount, MiniCartContent } from "./mini-cart-content.tsx";
import { useCartDropdown } from "./use-cart-dropdown.ts";

/**
 * The header's cart: the "Cart (N)" link (the whole cart without JavaScript), and with JavaScript a
 * mini-cart dropdown (or, on small screens, the cart drawer) built from the cart fragments. It also
 * starts the fragment cache for the page.
 */
export function HeaderCart({
  config,
  serverCart,
  removeNonce,
  locale,
}: {
  config: CartClientConfig;
  /** The cart the page was rendered with (empty for a guest without a session). */
  serverCart: CartView;
  removeNonce: string;
  locale: Locale;
}) {
  const serverCount = serverCart.itemCount;
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const state = useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.getServer);
  const count = shownCount(state, serverCount);
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const panelId = useId();

  // Root data (and with it this object) is new after every revalidation; the settings are not.
  // The client starts once the page's controls are shown: its readiness marker then tells scripts
  // and tests that the page is in its final state (decision 0095).
  const configKey = JSON.stringify(config);
  useEffect(() => (hydrated ? startCartClient(config) : undefined), [hydrated, configKey]);

  // A navigation or a plain form post may have changed the cart behind the fragments' back.
  useEffect(() => {
    if (navigation.state === "idle" && revalidator.state === "idle") syncWithCookies();
  }, [navigation.state, revalidator.state, location.key]);

  const { open, drawerOpen, setDrawerOpen, onToggle, widget, toggle, panel } = useCartDropdown(
    config,
    state.itemsInCart,
  );

  const onCartChanged = useCallback(() => {
    if (location.pathname === config.cart_url) void revalidator.revalidate();
  }, [location.pathname, config.cart_url, revalidator]);

  const miniCartSlot = useMiniCartSlot(onCartChanged, t("cart.changeRefused"));
  // Rendered with the page, under the selector its fragment uses, so scripts (ours, WooCommerce's
  // cart-fragments.js) and a page without JavaScript find it; fresher fragments replace it.
  const miniCart = (
    <FragmentSlot
      selector={MINI_CART_SELECTOR}
      fallback={
        <MiniCartContent
          cart={serverCart}
          currency={config.currency}
          locale={locale}
          removeNonce={removeNonce}
        />
      }
      keepWhileStale
      slotRef={miniCartSlot}
    />
  );

  return (
    <div ref={widget} className="header-cart relative flex items-center gap-1">
      <CartLink cartUrl={config.cart_url} count={count} />
      <div className="widget_shopping_cart" hidden={count === 0}>
        {hydrated && (
          <button
            ref={toggle}
            type="button"
            className="rounded-full border border-stone-300 px-2 py-2 leading-none hover:bg-stone-100"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-label={t("cart.showMiniCart")}
            onClick={onToggle}
          >
            <span aria-hidden="true">▾</span>
          </button>
        )}
        <section
          ref={panel}
          id={panelId}
          hidden={!open}
          tabIndex={-1}
          aria-label={t("cart.miniCart")}
          className="nav-dropdown absolute right-0 top-full z-30 mt-2 w-80 max-w-[90vw] rounded border border-stone-200 bg-white p-4 shadow-lg"
        >
          {miniCart}
        </section>
        {hydrated && (
          <CartDrawer open={drawerOpen} onOpenChange={setDrawerOpen} checkoutUrl={config.checkout_url}>
            {miniCart}
          </CartDrawer>
        )}
      </div>
      <CartLiveRegions />
    </div>
  );
}

/** "Cart (N)": the whole cart; below 850 px a bag and the count, in 40 px of height (decision 0052). */
function CartLink({ cartUrl, count }: { cartUrl: string; count: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to={cartUrl}
      className="rounded-full bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark max-[850px]:flex max-[850px]:h-10 max-[850px]:items-center max-[850px]:gap-1 max-[850px]:px-3"
      aria-label={t("site.cartCount", { count })}
      data-cart-count={count}
    >
      <LineIcon className="h-5 w-5 min-[850px]:hidden">
        <path d="M4 6h12l-1 12H5zM7 8V5a3 3 0 0 1 6 0v3" strokeLinejoin="round" />
      </LineIcon>
      <span className="max-[850px]:hidden">{t("site.cart")} </span>
      <span aria-hidden="true">
        <span className="max-[850px]:hidden">(</span>
        <FragmentSlot as="span" selector={CART_COUNT_SELECTOR} fallback={<CartCount count={count} />} />
        <span className="max-[850px]:hidden">)</span>
      </span>
    </Link>
  );
}

/** The cart drawer (small screens, or a store that always uses it): the mini-cart and "Checkout". */
function CartDrawer({
  open,
  onOpenChange,
  checkoutUrl,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  checkoutUrl: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t("cart.title")}
      closeLabel={t("cart.closeCart")}
      side="right"
      id="cart-drawer"
    >
      <div className="flex flex-1 flex-col">
        <div className="flex-1">{children}</div>
        <div className="wc-block-mini-cart__footer mt-4 border-t border-stone-200 pt-4">
          <a
            href={checkoutUrl}
            className="wc-block-components-button wc-block-mini-cart__footer-checkout block w-full rounded bg-stone-900 px-4 py-3 text-center font-semibold text-white"
          >
            {t("cart.proceed")}
          </a>
        </div>
      </div>
    </Drawer>
  );
}

/** A ref callback that wires the mini-cart's delegated listeners to whichever slot is mounted. */
function useMiniCartSlot(onChanged: () => void, refusedMessage: string) {
  const options = useRef({ onChanged, refusedMessage });
  options.current = { onChanged, refusedMessage };
  return useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    return attachMiniCartActions(element, {
      onChanged: () => options.current.onChanged(),
      get refusedMessage() {
        return options.current.refusedMessage;
      },
    });
  }, []);
}
