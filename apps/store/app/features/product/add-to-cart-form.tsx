import { forwardRef, type ReactNode, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { QuantityInput } from "../quantity/quantity-input.tsx";

type AddToCartFormProps = {
  id: string;
  productId: number;
  variationId: number | null;
  /** Why buying is blocked (a translation key), or null when it is not. */
  blockedReason: string | null;
  quantity: string;
  onQuantityChange: (value: string) => void;
  maxQuantity?: number;
  quantityId: string;
  /** Hidden `attribute_*` inputs and the like. */
  children?: ReactNode;
};

/**
 * The product's add-to-cart form: a plain post to /cart, with a 'buy now' button beside it.
 * While it submits the pressed button shows loading; a page restored from the back/forward cache
 * would otherwise come back still spinning, so `pageshow` with `persisted` clears it.
 */
export const AddToCartForm = forwardRef<HTMLButtonElement, AddToCartFormProps>(function AddToCartForm(
  {
    id,
    productId,
    variationId,
    blockedReason,
    quantity,
    onQuantityChange,
    maxQuantity,
    quantityId,
    children,
  },
  buttonRef,
) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState<"add" | "buy" | null>(null);
  const blocked = blockedReason !== null;

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLoading(null);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  return (
    <form
      id={id}
      method="post"
      action="/cart"
      className="cart flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (blocked) {
          event.preventDefault();
          return;
        }
        setLoading(submitter?.getAttribute("name") === "buy_now" ? "buy" : "add");
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product_id" value={productId} />
      {variationId !== null && <input type="hidden" name="variation_id" value={variationId} />}
      {children}
      <QuantityInput
        id={quantityId}
        label={t("product.quantity")}
        min={1}
        max={maxQuantity}
        value={quantity}
        onValueChange={onQuantityChange}
      />
      <Button
        ref={buttonRef}
        type="submit"
        name="add-to-cart"
        value={productId}
        disabled={blocked}
        pending={loading === "add"}
        size="bar"
        className="single_add_to_cart_button"
      >
        {t("catalogue.addToCart")}
      </Button>
      <button
        type="submit"
        name="buy_now"
        value="1"
        aria-disabled={blocked}
        aria-busy={loading === "buy"}
        onClick={(event) => {
          if (!blocked) return;
          // Looks disabled but takes the click, to say why (spec §5 'Buy now' on a disabled product).
          event.preventDefault();
          window.alert(t(blockedReason));
        }}
        className="buy-now inline-flex h-10 items-center gap-2 rounded border-2 border-brand px-6 font-semibold text-brand hover:bg-emerald-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      >
        {loading === "buy" && <Spinner className="loading-spinner" />}
        {t("product.buyNow")}
      </button>
    </form>
  );
});
