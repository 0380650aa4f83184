import { useEffect, useState } from "react";
import DialogPanel from "../../components/ui/dialog-panel.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { QuickViewData } from "../../lib/quickview.ts";
import { QuickViewContent } from "./quickview-content.tsx";
import { parseQuickViewHtml } from "./quickview-data.ts";

type Loaded = { status: "loading" } | { status: "ready"; data: QuickViewData } | { status: "error" };

/**
 * The quick-view dialog, loaded on the first quick view; it asks for the product lightbox. Like
 * every popup it closes at once and leaves the page 300 ms later (`DialogPanel`, decision 0026).
 */
export default function QuickViewDialog({
  productId,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes. */
  returnFocusTo: () => HTMLElement | null;
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
    <DialogPanel
      open={open}
      onOpenChange={onOpenChange}
      title={loaded.status === "ready" ? loaded.data.name : t("quickview.open")}
      closeLabel={t("quickview.close")}
      titleClassName="text-2xl font-semibold"
      contentClassName="quickview fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(56rem,94vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded bg-white p-6 shadow-xl"
      returnFocusTo={returnFocusTo}
    >
      {loaded.status === "loading" && <p role="status">{t("quickview.loading")}</p>}
      {loaded.status === "error" && <p role="alert">{t("quickview.error")}</p>}
      {loaded.status === "ready" && <QuickViewContent data={loaded.data} />}
    </DialogPanel>
  );
}
