import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { PickedPicture } from "./media-choice.ts";

/** Which button of an entry keeps focus after a move. */
export type MoveAction = "earlier" | "later";

/** One chosen picture of `MediaGalleryField`: dragged, moved by its buttons, or removed. */
export function GalleryEntry({
  picture,
  index,
  count,
  dragging,
  onMove,
  onRemove,
  onDragStart,
  onDragEnd,
  onDropHere,
}: {
  picture: PickedPicture;
  index: number;
  count: number;
  dragging: boolean;
  onMove: (to: number, action: MoveAction) => void;
  onRemove: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
  onDropHere: () => void;
}) {
  const { t } = useTranslation();
  const hidden = <span className="sr-only">: {picture.name}</span>;
  return (
    <li
      data-media-id={picture.id}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", String(picture.id));
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onDropHere();
      }}
      className={`media-gallery-item flex cursor-move flex-wrap items-center gap-3 rounded border border-stone-200 bg-white p-2 ${dragging ? "opacity-50" : ""}`}
    >
      {picture.thumbnail && (
        <img src={picture.thumbnail} alt="" className="h-14 w-14 rounded object-cover" draggable={false} />
      )}
      <span className="min-w-0 flex-1 text-sm">
        <span className="block font-medium">{picture.name}</span>
        <span className="block text-stone-600">
          {t("backOffice.mediaPicker.position", { position: index + 1, count })}
        </span>
      </span>
      <button
        type="button"
        data-move="earlier"
        className={ADMIN_ROW_BUTTON}
        disabled={index === 0}
        onClick={() => onMove(index - 1, "earlier")}
      >
        {t("backOffice.mediaPicker.moveEarlier")}
        {hidden}
      </button>
      <button
        type="button"
        data-move="later"
        className={ADMIN_ROW_BUTTON}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1, "later")}
      >
        {t("backOffice.mediaPicker.moveLater")}
        {hidden}
      </button>
      <button type="button" data-remove className={ADMIN_ROW_BUTTON} onClick={onRemove}>
        {t("backOffice.mediaPicker.remove")}
        {hidden}
      </button>
    </li>
  );
}
