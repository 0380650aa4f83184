import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { applyCartAnswer, cartConfig, refreshFragments, requestAddToCart } from "./cart-client.ts";
import { cartMessages } from "./cart-messages.ts";
import { addOutcome, SUCCESS_MESSAGE_DELAY_MS } from "./cart-rules.ts";

type ButtonState = "idle" | "loading" | "added";

/**
 * A listing's add-to-cart button (spec §4). Without JavaScript it is a plain form that adds and comes
 * back with a notice; with it, the same submit goes through the queued `add_to_cart` call:
 * idle → loading → added, a "View cart" link after it, and the success message announced 1 s later.
 */
export function AddToCartButton({
  productId,
  productName,
  quantity = 1,
}: {
  productId: number;
  productName: string;
  quantity?: number;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [state, setState] = useState<ButtonState>("idle");
  const button = useRef<HTMLButtonElement>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const successMessage = t("cart.added", { name: productName });
  const cartUrl = cartConfig()?.cart_url ?? "/cart";

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const config = cartConfig();
    const element = button.current;
    // Until the cart client runs (or on a page without it), the plain form post does the job.
    if (!config || !element?.dataset.product_id) return;
    event.preventDefault();
    setState("loading");
    cartMessages.clearError();
    // Spec §3: every data attribute of the button goes with the request.
    const fields = Object.fromEntries(
      Object.entries(element.dataset).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const answer = await requestAddToCart(fields).catch(() => null);
    const outcome = addOutcome(answer?.body ?? null, config);
    if (outcome.kind === "go") {
      window.location.assign(outcome.url);
      return;
    }
    if (outcome.kind === "refresh") {
      setState("idle");
      cartMessages.say(t("cart.addFailed"), "error");
      void refreshFragments();
      return;
    }
    setState("added");
    applyCartAnswer(outcome.fragments, outcome.hash, "added");
    timers.current.push(
      setTimeout(() => cartMessages.say(successMessage, "status"), SUCCESS_MESSAGE_DELAY_MS),
    );
  }

  const onCartPage = location.pathname === cartUrl;
  return (
    <form method="post" action="/cart" onSubmit={onSubmit} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="quantity" value={quantity} />
      <button
        ref={button}
        type="submit"
        className={`add_to_cart_button ajax_add_to_cart product_type_simple flex w-full items-center justify-center gap-2 rounded bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark ${state === "loading" ? "loading" : ""} ${state === "added" ? "added" : ""}`}
        aria-label={t("catalogue.addToCartNamed", { name: productName })}
        aria-busy={state === "loading"}
        data-product_id={productId}
        data-quantity={quantity}
        data-success_message={successMessage}
      >
        {t("catalogue.addToCart")}
        {state === "loading" && <Spinner />}
        {state === "added" && <span aria-hidden="true">✓</span>}
      </button>
      {/* The link's line is kept from the first render: its arrival must not move the cards below,
          whose buttons a shopper may be about to press. */}
      {!onCartPage && (
        <span className="block min-h-5 text-center text-sm">
          {state === "added" && (
            <a href={cartUrl} className="added_to_cart wc-forward text-brand underline">
              {t("cart.viewCart")}
            </a>
          )}
        </span>
      )}
    </form>
  );
}
