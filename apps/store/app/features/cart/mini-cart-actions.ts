import {
  answerFragments,
  applyCartAnswer,
  refreshFragments,
  requestQuantityChange,
  requestRemoveFromCart,
} from "./cart-client.ts";
import { cartMessages } from "./cart-messages.ts";

/**
 * Lines with a request in flight, by cart item key. Kept here rather than on the element: a fragment
 * refresh can replace the line's HTML while its request still runs, and the new element must stay
 * greyed too. Other features (the wallet's prefetch) ask whether a line is still pending.
 */
const pendingLines = new Map<string, "quantity" | "remove">();

export function isCartLinePending(key: string, kind?: "quantity" | "remove"): boolean {
  const pending = pendingLines.get(key);
  return pending !== undefined && (kind === undefined || pending === kind);
}

/** Greys a line while its request runs (spec §4 "Mini-cart item removal"). */
function paintBusy(item: HTMLElement, busy: boolean): void {
  item.setAttribute("aria-busy", String(busy));
  item.style.opacity = busy ? "0.5" : "";
  item.style.pointerEvents = busy ? "none" : "";
}

function paintPendingLines(root: HTMLElement): void {
  for (const item of root.querySelectorAll<HTMLElement>(".mini_cart_item[data-cart-item-key]")) {
    const busy = pendingLines.has(item.dataset.cartItemKey ?? "");
    if (busy || item.hasAttribute("aria-busy")) paintBusy(item, busy);
  }
}

function setPending(root: HTMLElement, key: string, kind: "quantity" | "remove" | null): void {
  if (kind) pendingLines.set(key, kind);
  else pendingLines.delete(key);
  paintPendingLines(root);
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
    return (body as { message: string }).message || null;
  }
  return null;
}

export type MiniCartOptions = {
  /** After the cart changed: e.g. the cart page reloads its data. */
  onChanged: () => void;
  refusedMessage: string;
};

async function removeLine(
  root: HTMLElement,
  link: HTMLAnchorElement,
  options: MiniCartOptions,
): Promise<void> {
  const key = link.dataset.cart_item_key ?? "";
  setPending(root, key, "remove");
  const answer = await requestRemoveFromCart(key);
  const fresh = answerFragments(answer);
  // Spec §8: a failed removal, or one without fragments, falls back to the line's plain remove link.
  if (!fresh) {
    window.location.assign(link.href);
    return;
  }
  applyCartAnswer(fresh.fragments, fresh.hash, "removed");
  setPending(root, key, null);
  options.onChanged();
}

async function changeQuantity(
  root: HTMLElement,
  input: HTMLInputElement,
  options: MiniCartOptions,
): Promise<void> {
  // Spec §5: an invalid field shows the browser's own message and nothing is sent.
  if (!input.reportValidity()) return;
  const key = input.dataset.cartItemKey ?? "";
  const hadFocus = document.activeElement === input;
  setPending(root, key, "quantity");
  cartMessages.clearError();
  const answer = await requestQuantityChange(key, input.value);
  if (!answer.ok) {
    setPending(root, key, null);
    input.value = input.defaultValue;
    cartMessages.say(messageOf(answer.body) ?? options.refusedMessage, "error");
    return;
  }
  // Spec §7 call 3: the answer's body is not read; the cart and the mini-cart are refreshed.
  await refreshFragments();
  setPending(root, key, null);
  options.onChanged();
  if (hadFocus) {
    // The refreshed fragment replaced the field: give focus back to the same line's new one.
    requestAnimationFrame(() =>
      root.querySelector<HTMLInputElement>(`input.qty[data-cart-item-key="${CSS.escape(key)}"]`)?.focus(),
    );
  }
}

/**
 * Delegated listeners on a mini-cart fragment slot: the fragment's HTML is replaced as a whole, so
 * the listeners sit on the slot, which stays.
 */
export function attachMiniCartActions(root: HTMLElement, options: MiniCartOptions): () => void {
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(
      "a.remove_from_cart_button[data-cart_item_key]",
    );
    if (!link || !root.contains(link)) return;
    event.preventDefault();
    void removeLine(root, link, options);
  };
  const onChange = (event: Event) => {
    const input = event.target as HTMLInputElement | null;
    if (!input?.matches?.("input.qty[data-cart-item-key]")) return;
    void changeQuantity(root, input, options);
  };
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  // A fragment that replaces the lines while a request runs keeps the pending line greyed.
  const repaint = new MutationObserver(() => paintPendingLines(root));
  repaint.observe(root, { childList: true, subtree: true });
  paintPendingLines(root);
  return () => {
    repaint.disconnect();
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
  };
}
