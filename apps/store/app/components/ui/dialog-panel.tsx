import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/**
 * The modal part of `LazyDialog`: Radix Dialog's focus trap, scroll lock, Escape and overlay
 * dismissal. A module of its own so that pages load it only when a dialog first opens.
 */
export default function DialogPanel({
  open,
  onOpenChange,
  title,
  closeLabel,
  id,
  contentClassName,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  id?: string | undefined;
  contentClassName: string;
  /** Where focus goes when the dialog closes: what opened it. */
  returnFocusTo: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          className={contentClassName}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              className="rounded p-1 text-2xl leading-none hover:bg-stone-100"
              aria-label={closeLabel}
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
