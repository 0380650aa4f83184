import { useRef, useState } from "react";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

/** The dialog, Radix and the product components come with the first quick view, not the listing. */
const QuickViewDialog = lazyPart("quickview-dialog", () => import("./quickview-dialog.tsx"));

/**
 * Quick view on a product card. It reads the id from its `data-product-id` when pressed: an empty
 * id does nothing (spec §5). When the dialog closes, focus goes to the card's first text link.
 * A JavaScript-only control: without JavaScript the card's links lead to the product page. The
 * server renders it hidden, in its room, so the card does not grow when scripts run (decision 0045).
 */
export function QuickViewButton({
  productId,
  productName,
}: {
  productId: number | string;
  productName: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const button = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<{ productId: string; open: boolean } | null>(null);

  const cardLink = () => {
    const card = button.current?.closest("li, article") ?? null;
    const link = [...(card?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [])].find(
      (anchor) => anchor.textContent?.trim() && anchor.getAttribute("aria-hidden") !== "true",
    );
    return link ?? button.current;
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        data-product-id={productId}
        aria-haspopup="dialog"
        aria-label={t("quickview.openNamed", { name: productName })}
        onClick={(event) => {
          const id = event.currentTarget.dataset.productId ?? "";
          if (!id) return;
          setDialog({ productId: id, open: true });
        }}
        className={`quick-view mt-2 w-full rounded border border-stone-300 px-3 py-1.5 text-sm hover:bg-stone-100 ${hydrated ? "" : "invisible"}`}
      >
        {t("quickview.open")}
      </button>
      {dialog && (
        <PartSlot>
          <QuickViewDialog
            productId={dialog.productId}
            open={dialog.open}
            onOpenChange={(open) => setDialog({ ...dialog, open })}
            returnFocusTo={cardLink}
          />
        </PartSlot>
      )}
    </>
  );
}
