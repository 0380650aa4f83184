import type { ReactNode } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { ADMIN_BUTTON, ADMIN_PRIMARY_BUTTON } from "./back-office-classes.ts";

/**
 * The back office's question before a change that cannot be undone (revoke a token, withdraw an
 * invitation): an alert dialog titled by the question, what follows, "keep" and "confirm". Escape,
 * a click outside and "keep" close it and change nothing.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  keepLabel,
  confirmLabel,
  onKeep,
  onConfirm,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onKeep();
      }}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4"
    >
      <Modal className="w-full max-w-md rounded bg-white p-6 shadow-xl">
        <Dialog role="alertdialog" className="space-y-4 outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          {children}
          <div className="flex justify-end gap-2">
            <Button className={ADMIN_BUTTON} onPress={onKeep}>
              {keepLabel}
            </Button>
            <Button className={ADMIN_PRIMARY_BUTTON} onPress={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
