import { useState } from "react";
import { LazyDialog, type LazyDialogProps } from "../../../components/ui/lazy-dialog.tsx";
import { lazyPart, PartSlot } from "../../../components/ui/lazy-part.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { PickedPicture } from "./media-choice.ts";

// The dialog's inside (search, pages, upload) loads when a picker first opens, not with the form.
const MediaPickerBody = lazyPart("media-picker", () => import("./media-picker-body.tsx"));

/**
 * A button that opens the media picker (issue 39): a modal dialog (focus kept inside, Escape
 * closes it, focus goes back to the button) to choose one picture or several from the library.
 * `onConfirm` gets the choice, in the order it was made; cancelling leaves `chosen` as it was.
 */
export function MediaPickerDialog({
  multiple,
  chosen,
  trigger,
  onConfirm,
}: {
  multiple: boolean;
  chosen: PickedPicture[];
  trigger: NonNullable<LazyDialogProps["trigger"]>;
  onConfirm: (picked: PickedPicture[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A new body each time it opens, so that it starts from what the form holds then.
  const [opened, setOpened] = useState(0);
  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setOpened((n) => n + 1);
        setOpen(next);
      }}
      title={multiple ? t("backOffice.mediaPicker.title") : t("backOffice.mediaPicker.titleOne")}
      closeLabel={t("backOffice.mediaPicker.close")}
      trigger={trigger}
      contentClassName="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[48rem] max-w-[95vw] -translate-x-1/2 -translate-y-1/2 flex-col rounded bg-white p-6 shadow-xl"
    >
      <PartSlot fallback={<p>{t("backOffice.mediaPicker.loading")}</p>}>
        <MediaPickerBody
          key={opened}
          multiple={multiple}
          initial={chosen}
          onConfirm={(picked) => {
            onConfirm(picked);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      </PartSlot>
    </LazyDialog>
  );
}
