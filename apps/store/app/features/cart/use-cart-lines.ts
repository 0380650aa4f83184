import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { CartView } from "../../lib/cart.ts";
import {
  answerFragments,
  applyCartAnswer,
  CART_EVENTS,
  cartConfig,
  requestQuantityChange,
  requestRemoveFromCart,
} from "./cart-client.ts";
import { cartMessages } from "./cart-messages.ts";
import { optimisticCart, type PendingQuantities } from "./optimistic-cart.ts";

function messageOf(body: unknown): string | null {
  if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
    return (body as { message: string }).message || null;
  }
  return null;
}

/**
 * The cart page's asynchronous path: a quantity or a removal shows at once (optimistic), goes through
 * the queued cart calls, and is either confirmed by reloading the page's data or rolled back with the
 * server's (translated) reason. Without JavaScript the page's forms do the same by posting.
 */
export function useCartLines(cart: CartView) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<PendingQuantities>({});
  const view = optimisticCart(cart, pending);
  /**
   * The page's cart when the server confirmed each pending change: the change stays shown until the
   * page's data is newer than that. (Clearing it when `revalidate()` resolved showed the removed line
   * again for a moment: another revalidation, from the header's cart, could settle that promise
   * before the fresh data came.)
   */
  const confirmedOver = useRef(new Map<string, CartView>());
  const latest = useRef(cart);
  latest.current = cart;

  useEffect(() => {
    const done = [...confirmedOver.current].filter(([, over]) => over !== cart).map(([key]) => key);
    if (done.length === 0) return;
    for (const key of done) confirmedOver.current.delete(key);
    setPending((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !done.includes(key))),
    );
  }, [cart]);

  const change = useCallback(
    async (key: string, quantity: number, rollback?: () => void): Promise<void> => {
      const line = cart.lines.find((candidate) => candidate.key === key);
      if (!line || !cartConfig()) return;
      cartMessages.clearError();
      confirmedOver.current.delete(key);
      setPending((current) => ({ ...current, [key]: quantity }));
      const answer =
        quantity === 0
          ? await requestRemoveFromCart(key)
          : await requestQuantityChange(key, String(quantity));
      if (answer.ok) {
        const fresh = answerFragments(answer);
        confirmedOver.current.set(key, latest.current);
        if (fresh) applyCartAnswer(fresh.fragments, fresh.hash, quantity === 0 ? "removed" : null);
        await revalidator.revalidate();
        cartMessages.say(
          quantity === 0 ? t("cart.removed", { name: line.name }) : t("cart.updated"),
          "status",
        );
      } else {
        rollback?.();
        cartMessages.say(messageOf(answer.body) ?? t("cart.changeRefused"), "error");
        setPending(({ [key]: _done, ...rest }) => rest);
      }
    },
    [cart, revalidator, t],
  );

  return {
    view,
    change,
    busy: (key: string) => pending[key] !== undefined,
    /** Whether the asynchronous path is there (hydrated, cart client started); else the forms post. */
    ready: () => typeof window !== "undefined" && cartConfig() !== null,
  };
}

/**
 * Spec §2: after the cart totals change, `updated_cart_totals` is raised on the document, and the
 * caller re-renders the classic checkout button (keyed by the returned value), so a script that
 * hooks that button (the wallet's) binds again.
 */
export function useUpdatedCartTotals(hash: string): number {
  const [generation, setGeneration] = useState(0);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setGeneration((value) => value + 1);
  }, [hash]);
  useEffect(() => {
    if (generation > 0)
      document.body.dispatchEvent(new CustomEvent(CART_EVENTS.totalsUpdated, { bubbles: true }));
  }, [generation]);
  return generation;
}
