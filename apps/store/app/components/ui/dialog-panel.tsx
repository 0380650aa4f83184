import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useRef, useState } from "react";

/** Spec §9: a closed popup fades and leaves the page this long after it closes. */
export const POPUP_REMOVAL_DELAY_MS = 300;

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
  titleClassName = "text-lg font-semibold",
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  id?: string | undefined;
  contentClassName: string;
  titleClassName?: string;
  /** Where focus goes when the dialog closes: what opened it. */
  returnFocusTo: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  // Kept in the page, closed and fading, for 300 ms after it closes; then removed.
  // Focus goes back at once when it closes, not when it leaves the page.
  const [present, setPresent] = useState(open);
  const wasOpen = useRef(open);
  const returnFocus = useRef(returnFocusTo);
  returnFocus.current = returnFocusTo;
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      setPresent(true);
      return;
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      returnFocus.current()?.focus();
    }
    const timer = setTimeout(() => setPresent(false), POPUP_REMOVAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);
  if (!open && !present) return null;
  return (
    // Modal while open; closed, it is inert and no longer hides the page from assistive technology.
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={open}>
      <Dialog.Portal forceMount>
        <Dialog.Overlay forceMount className="dialog-overlay fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          forceMount
          inert={!open}
          id={id}
          aria-describedby={undefined}
          className={`dialog-content ${contentClassName}`}
          onCloseAutoFocus={(event) => {
            // Focus went back when the dialog closed; the shopper may have moved on since.
            event.preventDefault();
          }}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className={titleClassName}>{title}</Dialog.Title>
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
