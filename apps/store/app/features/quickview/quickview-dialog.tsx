import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { QuickViewData } from "../../lib/quickview.ts";
import { QuickViewContent } from "./quickview-content.tsx";
import { parseQuickViewHtml } from "./quickview-data.ts";

type Loaded = { status: "loading" } | { status: "ready"; data: QuickViewData } | { status: "error" };

/** The quick-view dialog, loaded on the first quick view; it asks for the product lightbox. */
export default function QuickViewDialog({
  productId,
  open,
  onOpenChange,
  onClosed,
}: {
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoaded({ status: "loading" });
    fetch("/ajax", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ action: "vitrine_quickview", product: productId }),
      signal: controller.signal,
    })
      .then((response) =>
        response.ok ? response.text() : Promise.reject(new Error(String(response.status))),
      )
      .then((html) => {
        const data = parseQuickViewHtml(html);
        setLoaded(data ? { status: "ready", data } : { status: "error" });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ status: "error" });
      });
    return () => controller.abort();
  }, [open, productId]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="quickview fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(56rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-semibold">
              {loaded.status === "ready" ? loaded.data.name : t("quickview.open")}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t("quickview.close")}
              className="rounded px-2 text-2xl leading-none hover:bg-stone-100"
            >
              ×
            </Dialog.Close>
          </div>
          {loaded.status === "loading" && <p role="status">{t("quickview.loading")}</p>}
          {loaded.status === "error" && <p role="alert">{t("quickview.error")}</p>}
          {loaded.status === "ready" && <QuickViewContent data={loaded.data} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
