import type { Fragments } from "./fragments-cache.ts";

/** An add-to-cart answer as the page reads it (spec §3); anything else counts as a failure. */
export type AddToCartAnswer =
  | { error: true; product_url?: string }
  | { error?: false; fragments?: Fragments; cart_hash?: string };

export type AddOutcome =
  | { kind: "go"; url: string }
  | { kind: "apply"; fragments: Fragments; hash: string }
  /** The answer was unusable: leave the page as it is and refresh the fragments. */
  | { kind: "refresh" };

/** Spec §4 "Add-to-cart button (listing)": what the page does with an add-to-cart answer. */
export function addOutcome(
  answer: unknown,
  settings: { cart_redirect_after_add: "yes" | "no"; cart_url: string },
): AddOutcome {
  if (!answer || typeof answer !== "object") return { kind: "refresh" };
  const body = answer as Record<string, unknown>;
  if (body.error && typeof body.product_url === "string" && body.product_url !== "") {
    return { kind: "go", url: body.product_url };
  }
  if (body.error) return { kind: "refresh" };
  if (settings.cart_redirect_after_add === "yes") return { kind: "go", url: settings.cart_url };
  if (body.fragments && typeof body.fragments === "object" && typeof body.cart_hash === "string") {
    return { kind: "apply", fragments: body.fragments as Fragments, hash: body.cart_hash };
  }
  return { kind: "refresh" };
}

/** Spec §9 "Layout": the mobile breakpoint. */
export const MOBILE_MAX_WIDTH = 849;
/** Spec §9 "Timings". */
export const MINI_CART_SHOWN_MS = 5000;
export const POPUP_WAIT_MS = 300;
export const SUCCESS_MESSAGE_DELAY_MS = 1000;

export type RevealPlan = { kind: "none" } | { kind: "dropdown" | "drawer"; delayMs: number };

/** Spec §2 "Mini-cart reveal after add to cart". */
export function revealPlan(input: {
  revealAfterAdd: boolean;
  offCanvasCart: boolean;
  viewportWidth: number;
  otherPopupOpen: boolean;
}): RevealPlan {
  if (!input.revealAfterAdd) return { kind: "none" };
  const delayMs = input.otherPopupOpen ? POPUP_WAIT_MS : 0;
  const drawer = input.offCanvasCart && input.viewportWidth <= MOBILE_MAX_WIDTH;
  return { kind: drawer ? "drawer" : "dropdown", delayMs };
}

/** Where the header's cart button opens the cart: the drawer on small screens with the off-canvas cart. */
export function cartPanelKind(offCanvasCart: boolean, viewportWidth: number): "dropdown" | "drawer" {
  return offCanvasCart && viewportWidth <= MOBILE_MAX_WIDTH ? "drawer" : "dropdown";
}
