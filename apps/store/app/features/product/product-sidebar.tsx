import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Drawer } from "../../components/ui/drawer.tsx";
import { useHydratedControls } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";

const HASH = "#product-sidebar";

/**
 * The off-canvas product sidebar `#product-sidebar`. It opens from its button, from any link to
 * `#product-sidebar`, and when the page is opened at that address. Without JavaScript its content
 * is an ordinary section in the page, which those links then scroll to.
 */
export function ProductSidebar({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydratedControls();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const show = (from: HTMLElement | null) => {
      opener.current = from;
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
      <Button
        variant="secondary"
        size="sm"
        className="text-sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          opener.current = event.currentTarget;
          setOpen(true);
        }}
      >
        {t("product.sidebarOpen")}
      </Button>
      <Drawer
        open={open}
        onOpenChange={setOpen}
        title={title}
        closeLabel={t("product.sidebarClose")}
        id="product-sidebar"
        opener={opener}
      >
        {children}
      </Drawer>
    </>
  );
}
