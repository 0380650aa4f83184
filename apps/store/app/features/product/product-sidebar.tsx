import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../../components/ui/use-hydrated.ts";

/** The drawer (Radix Dialog) is fetched on first open, not with the page. */
const SidebarDrawer = lazy(() => import("./product-sidebar-drawer.tsx"));

const HASH = "#product-sidebar";

/**
 * The off-canvas product sidebar `#product-sidebar`. It opens from its button, from any link to
 * `#product-sidebar`, and when the page is opened at that address. Without JavaScript its content
 * is an ordinary section in the page, which those links then scroll to.
 */
export function ProductSidebar({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const show = (from: HTMLElement | null) => {
      opener.current = from;
      setUsed(true);
      setOpen(true);
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(`a[href="${HASH}"]`);
      if (!link) return;
      event.preventDefault();
      show(link);
    };
    document.addEventListener("click", onClick);
    if (window.location.hash === HASH) show(null);
    return () => document.removeEventListener("click", onClick);
  }, []);

  if (!hydrated) {
    return (
      <aside
        id="product-sidebar"
        aria-labelledby="product-sidebar-title"
        className="rounded border border-stone-200 p-4"
      >
        <h2 id="product-sidebar-title" className="mb-2 font-semibold">
          {title}
        </h2>
        {children}
      </aside>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          opener.current = event.currentTarget;
          setUsed(true);
          setOpen(true);
        }}
        className="rounded border border-stone-300 px-3 py-1 text-sm hover:bg-stone-100"
      >
        {t("product.sidebarOpen")}
      </button>
      {used && (
        <Suspense fallback={null}>
          <SidebarDrawer open={open} onOpenChange={setOpen} title={title} opener={opener}>
            {children}
          </SidebarDrawer>
        </Suspense>
      )}
    </>
  );
}
