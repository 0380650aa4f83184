import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import { lazyPart, PartSlot } from "./lazy-part.tsx";

const DialogPanel = lazyPart("dialog-panel", () => import("./dialog-panel.tsx"));

type TriggerProps = { onClick?: (event: MouseEvent<HTMLElement>) => void };

export type LazyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  id?: string | undefined;
  /** The button that opens the dialog; it gets the dialog button's ARIA state, and focus on close. */
  trigger?: ReactElement<TriggerProps> | undefined;
  /** What opened the dialog when that was not `trigger` (a link to its `#id`). */
  opener?: RefObject<HTMLElement | null> | undefined;
  contentClassName: string;
  children: ReactNode;
};

/**
 * A modal dialog whose code (Radix Dialog: focus trap, scroll lock, dismissal) loads the first time
 * it opens, not with the page: every page has a cart drawer and a sign-in popup, few shoppers open
 * them. The trigger is rendered here, with `aria-haspopup`, `aria-expanded` and, while open,
 * `aria-controls`, so it works and reads the same before the dialog's code has arrived.
 */
export function LazyDialog({ open, onOpenChange, trigger, opener, children, ...panel }: LazyDialogProps) {
  const [used, setUsed] = useState(open);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  const triggerRef = useRef<HTMLElement>(null);
  const button =
    trigger &&
    cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
      ref: triggerRef,
      "aria-haspopup": "dialog",
      "aria-expanded": open,
      "aria-controls": open ? panel.id : undefined,
      "data-state": open ? "open" : "closed",
      onClick: (event: MouseEvent<HTMLElement>) => {
        trigger.props.onClick?.(event);
        if (!event.defaultPrevented) onOpenChange(!open);
      },
    });
  return (
    <>
      {button}
      {(open || used) && (
        <PartSlot>
          <DialogPanel
            {...panel}
            open={open}
            onOpenChange={onOpenChange}
            returnFocusTo={() => opener?.current ?? triggerRef.current}
          >
            {children}
          </DialogPanel>
        </PartSlot>
      )}
    </>
  );
}
