import type { MouseEvent, ReactElement, ReactNode, RefObject } from "react";
import { LazyDialog } from "./lazy-dialog.tsx";

/**
 * An off-canvas panel: a modal dialog sliding in from the side, which traps focus, closes on Escape
 * and on the overlay, and returns focus to what opened it: its `trigger`, or, for a panel that also
 * opens from links elsewhere on the page, the element in `opener` at the time it closes. Its code
 * loads when it first opens (`LazyDialog`).
 */
export function Drawer({
  side = "left",
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  side?: "left" | "right";
  id?: string;
  /** The button that opens the panel; focus returns to it on close. */
  trigger?: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  /** What opened the panel when that was not `trigger` (a link to its `#id`). */
  opener?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <LazyDialog
      {...props}
      contentClassName={`fixed inset-y-0 z-50 flex w-80 max-w-[90vw] flex-col overflow-y-auto bg-white p-5 shadow-xl ${side === "left" ? "left-0" : "right-0"}`}
    />
  );
}
