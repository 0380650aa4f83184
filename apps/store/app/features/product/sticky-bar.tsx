import { type RefObject, useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ImageView } from "../../lib/media.ts";
import { QuantityInput } from "../quantity/quantity-input.tsx";

/**
 * The sticky add-to-cart bar (spec §2): shown once the main add-to-cart button has scrolled out
 * above the viewport. Its quantity is the same state as the main form's, and its button submits
 * that form (`form=`), so both always send one quantity. For a variable product the button scrolls
 * to the variation form instead. Rendered only with JavaScript: without it the main form is enough.
 */
export function StickyBar({
  productId,
  name,
  image,
  price,
  variable,
  watch,
  formId,
  variationsFormId,
  quantity,
  onQuantityChange,
  maxQuantity,
  blocked,
}: {
  productId: number;
  name: string;
  image: ImageView | null;
  price: React.ReactNode;
  variable: boolean;
  watch: RefObject<HTMLElement | null>;
  formId: string;
  variationsFormId: string;
  quantity: string;
  onQuantityChange: (value: string) => void;
  maxQuantity?: number;
  blocked: boolean;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const target = watch.current;
    if (!target) return;
    // Threshold 0 (spec §9): the bar shows once no part of the button is in view and it is above.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.bottom < 0);
      },
      { threshold: 0 },
    );
    // Route changes scroll instantly (no CSS smooth scrolling, decision 0008), so by the time this
    // effect runs the page is already at its new position and the first observation is the truth.
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [watch]);

  const toVariations = () => {
    const form = document.getElementById(variationsFormId);
    if (!form) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    form.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "center" });
    form.querySelector("select")?.focus({ preventScroll: true });
  };

  return (
    <section
      className="sticky-add-to-cart fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 shadow-lg"
      aria-label={t("product.stickyBar")}
      data-product-id={productId}
      hidden={!shown}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2">
        {image && (
          <img
            src={image.src}
            alt=""
            width={image.width}
            height={image.height}
            // Hidden until the bar shows: a lazy image in a hidden bar is not fetched before then.
            loading="lazy"
            decoding="async"
            className="sticky-add-to-cart-img h-12 w-12 rounded object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name}</p>
          <div className="text-sm">{price}</div>
        </div>
        <QuantityInput
          id="sticky-quantity"
          name={null}
          label={t("product.quantity")}
          hideLabel
          min={1}
          max={maxQuantity}
          value={quantity}
          onValueChange={onQuantityChange}
        />
        {variable ? (
          <Button size="bar" onClick={toVariations}>
            {t("catalogue.selectOptions")}
          </Button>
        ) : (
          <Button type="submit" size="bar" form={formId} disabled={blocked}>
            {t("catalogue.addToCart")}
          </Button>
        )}
      </div>
    </section>
  );
}
