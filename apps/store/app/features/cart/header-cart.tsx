import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation, useNavigation, useRevalidator } from "react-router";
import { Drawer } from "../../components/ui/drawer.tsx";
import { LineIcon } from "../../components/ui/line-icon.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CartView } from "../../lib/cart.ts";
import { CART_EVENTS, startCartClient, syncWithCookies } from "./cart-client.ts";
import type { CartClientConfig } from "./cart-config.ts";
import { CartLiveRegions } from "./cart-live-regions.tsx";
import { cartPanelKind, MINI_CART_SHOWN_MS, revealPlan } from "./cart-rules.ts";
import { CART_COUNT_SELECTOR, MINI_CART_SELECTOR } from "./cart-selectors.ts";
import { cartStore, shownCount } from "./cart-store.ts";
import { FragmentSlot } from "./fragment-slot.tsx";
import { attachMiniCartActions } from "./mini-cart-actions.ts";
import { CartCount, MiniCartContent } from "./mini-cart-content.tsx";

const OTHER_POPUP = '[role="dialog"], [role="alertdialog"], dialog[open]';

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
  const hydrated = useHydrated();
  const state = useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.getServer);
  const count = shownCount(state, serverCount);
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const panelId = useId();
  const widget = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const revealTimers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const focusOnOpen = useRef(false);

  // Root data (and with it this object) is new after every revalidation; the settings are not.
  const configKey = JSON.stringify(config);
  useEffect(() => startCartClient(config), [configKey]);

  // A navigation or a plain form post may have changed the cart behind the fragments' back.
  useEffect(() => {
    if (navigation.state === "idle" && revalidator.state === "idle") syncWithCookies();
  }, [navigation.state, revalidator.state, location.key]);

  const close = useCallback((returnFocus: boolean) => {
    revealTimers.current.forEach(clearTimeout);
    revealTimers.current = [];
    setOpen(false);
    if (returnFocus) toggle.current?.focus();
  }, []);

  // Spec §2 "Mini-cart reveal after add to cart".
  useEffect(() => {
    const onAdded = () => {
      const plan = revealPlan({
        revealAfterAdd: config.cart_reveal_after_add,
        offCanvasCart: config.off_canvas_cart,
        viewportWidth: window.innerWidth,
        otherPopupOpen: document.querySelector(OTHER_POPUP) !== null,
      });
      if (plan.kind === "none") return;
      revealTimers.current.forEach(clearTimeout);
      revealTimers.current = [];
      const reveal = () => {
        if (plan.kind === "drawer") {
          setDrawerOpen(true);
          return;
        }
        focusOnOpen.current = false;
        setOpen(true);
        revealTimers.current.push(
          setTimeout(() => {
            // A shopper who has moved into the mini-cart keeps it open.
            if (!widget.current?.contains(document.activeElement)) setOpen(false);
          }, MINI_CART_SHOWN_MS),
        );
      };
      if (plan.delayMs === 0) reveal();
      else revealTimers.current.push(setTimeout(reveal, plan.delayMs));
    };
    document.addEventListener(CART_EVENTS.added, onAdded);
    return () => {
      document.removeEventListener(CART_EVENTS.added, onAdded);
      revealTimers.current.forEach(clearTimeout);
    };
  }, [config.cart_reveal_after_add, config.off_canvas_cart]);

  // Escape closes the dropdown and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      close(true);
    };
    const element = widget.current;
    element?.addEventListener("keydown", onKeyDown);
    return () => element?.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  // A click in the shop area closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const main = document.getElementById("main");
    const onClick = () => close(false);
    main?.addEventListener("click", onClick);
    return () => main?.removeEventListener("click", onClick);
  }, [open, close]);

  useEffect(() => {
    if (open && focusOnOpen.current) {
      const first = panel.current?.querySelector<HTMLElement>("a[href], input, button");
      (first ?? panel.current)?.focus();
    }
  }, [open]);

  // The cart emptied (here or elsewhere): the widget hides, and so does its dropdown.
  useEffect(() => {
    if (state.itemsInCart === 0) setOpen(false);
  }, [state.itemsInCart]);

  const onCartChanged = useCallback(() => {
    if (location.pathname === config.cart_url) void revalidator.revalidate();
  }, [location.pathname, config.cart_url, revalidator]);

  const miniCartSlot = useMiniCartSlot(onCartChanged, t("cart.changeRefused"));
  // Rendered with the page, under the selector its fragment uses, so scripts (ours, WooCommerce's
  // cart-fragments.js) and a page without JavaScript find it; fresher fragments replace it.
  const miniCartFallback = (
    <MiniCartContent cart={serverCart} currency={config.currency} locale={locale} removeNonce={removeNonce} />
  );

  return (
    <div ref={widget} className="header-cart relative flex items-center gap-1">
      {/* Below 850 px a bag and the count, in 40 px of height (decision 0052). */}
      <Link
        to={config.cart_url}
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
      <div className="widget_shopping_cart" hidden={count === 0}>
        {hydrated && (
          <button
            ref={toggle}
            type="button"
            className="rounded-full border border-stone-300 px-2 py-2 leading-none hover:bg-stone-100"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-label={t("cart.showMiniCart")}
            onClick={() => {
              if (cartPanelKind(config.off_canvas_cart, window.innerWidth) === "drawer") {
                setDrawerOpen(true);
                return;
              }
              focusOnOpen.current = true;
              if (open) close(false);
              else setOpen(true);
            }}
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
          <FragmentSlot
            selector={MINI_CART_SELECTOR}
            fallback={miniCartFallback}
            keepWhileStale
            slotRef={miniCartSlot}
          />
        </section>
        {hydrated && (
          <Drawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            title={t("cart.title")}
            closeLabel={t("cart.closeCart")}
            side="right"
            id="cart-drawer"
          >
            <div className="flex flex-1 flex-col">
              <div className="flex-1">
                <FragmentSlot
                  selector={MINI_CART_SELECTOR}
                  fallback={miniCartFallback}
                  keepWhileStale
                  slotRef={miniCartSlot}
                />
              </div>
              <div className="wc-block-mini-cart__footer mt-4 border-t border-stone-200 pt-4">
                <a
                  href={config.checkout_url}
                  className="wc-block-components-button wc-block-mini-cart__footer-checkout block w-full rounded bg-stone-900 px-4 py-3 text-center font-semibold text-white"
                >
                  {t("cart.proceed")}
                </a>
              </div>
            </div>
          </Drawer>
        )}
      </div>
      <CartLiveRegions />
    </div>
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
