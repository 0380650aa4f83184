import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";

/** The sidebar as a drawer from the left: Radix traps focus, closes on Escape, gives focus back. */
export default function SidebarDrawer({
  open,
  onOpenChange,
  title,
  opener,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  opener: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          id="product-sidebar"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-white p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            // Opened from a link or the button: focus goes back there, wherever it was.
            if (!opener.current) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t("product.sidebarClose")}
              className="rounded px-2 text-2xl leading-none hover:bg-stone-100"
            >
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
