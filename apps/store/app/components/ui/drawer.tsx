import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/**
 * An off-canvas panel: a modal dialog sliding in from the side, which traps focus, closes on Escape
 * and on the overlay, and returns focus to what opened it.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  closeLabel,
  side = "left",
  id,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  side?: "left" | "right";
  id?: string;
  /** The button that opens the panel; focus returns to it on close. */
  trigger?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          className={`fixed inset-y-0 z-50 flex w-80 max-w-[90vw] flex-col overflow-y-auto bg-white p-5 shadow-xl ${side === "left" ? "left-0" : "right-0"}`}
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
