import { useRef, useState } from "react";
import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { PickedPicture } from "./media-choice.ts";
import { MediaPickerDialog } from "./media-picker-dialog.tsx";

/**
 * One picture chosen in the media picker dialog (a variation's picture, issue 39), or none: its
 * thumbnail and name under `label`, a button to choose or change it and one to leave it out.
 */
export function MediaSingleField({
  label,
  known,
  imageId,
  onChange,
}: {
  label: string;
  known: PickedPicture[];
  imageId: number | null;
  onChange: (imageId: number | null) => void;
}) {
  const { t } = useTranslation();
  const [found, setFound] = useState<PickedPicture[]>([]);
  const field = useRef<HTMLFieldSetElement>(null);
  const picture =
    imageId === null
      ? null
      : ([...found, ...known].find((each) => each.id === imageId) ?? {
          id: imageId,
          name: `#${imageId}`,
          thumbnail: null,
        });
  return (
    <fieldset ref={field} className="media-single text-sm" data-media-id={imageId ?? ""}>
      <legend>{label}</legend>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        {picture?.thumbnail && (
          <img src={picture.thumbnail} alt="" className="h-10 w-10 rounded object-cover" />
        )}
        <span className="min-w-0 break-words">{picture?.name ?? t("backOffice.mediaPicker.noPicture")}</span>
        <MediaPickerDialog
          multiple={false}
          chosen={picture ? [picture] : []}
          trigger={
            <button type="button" className={ADMIN_ROW_BUTTON}>
              {picture ? t("backOffice.mediaPicker.changeOne") : t("backOffice.mediaPicker.openOne")}
            </button>
          }
          onConfirm={(picked) => {
            setFound((all) => [...picked, ...all]);
            onChange(picked[0]?.id ?? null);
          }}
        />
        {picture && (
          <button
            type="button"
            className={ADMIN_ROW_BUTTON}
            onClick={() => {
              // The button goes with the picture: focus stays in the field, on the one that chooses.
              field.current?.querySelector<HTMLElement>('[aria-haspopup="dialog"]')?.focus();
              onChange(null);
            }}
          >
            {t("backOffice.mediaPicker.removeOne")}
          </button>
        )}
      </div>
    </fieldset>
  );
}
