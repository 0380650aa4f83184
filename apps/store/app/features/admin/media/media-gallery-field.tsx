import { useEffect, useRef, useState } from "react";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { moved, type PickedPicture } from "./media-choice.ts";
import { GalleryEntry, type MoveAction } from "./media-gallery-entry.tsx";
import { MediaPickerDialog } from "./media-picker-dialog.tsx";

type Focus = { id: number; action: MoveAction };

/**
 * Pictures chosen in order (a product's gallery, issue 39): an ordered list of thumbnails, each
 * moved earlier or later by its buttons (the new place is announced) or by dragging it, or removed;
 * the media picker dialog chooses them. `known` names the library's pictures; those the dialog
 * finds beyond it are remembered here.
 */
export function MediaGalleryField({
  known,
  images,
  onChange,
}: {
  known: PickedPicture[];
  images: number[];
  onChange: (images: number[]) => void;
}) {
  const { t } = useTranslation();
  const [found, setFound] = useState<PickedPicture[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const [focus, setFocus] = useState<Focus | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const byId = new Map([...known, ...found].map((picture) => [picture.id, picture]));
  const chosen = images.map((id) => byId.get(id) ?? { id, name: `#${id}`, thumbnail: null });

  useEffect(() => {
    if (!focus) return;
    const item = list.current?.querySelector(`[data-media-id="${focus.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${focus.action}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`[data-move]:not([data-move="${focus.action}"])`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocus(null);
  }, [focus]);

  function move(from: number, to: number, action?: Focus["action"]) {
    const next = moved(images, from, to);
    const id = images[from];
    if (id === undefined || next.indexOf(id) === from) return;
    onChange(next);
    const name = byId.get(id)?.name ?? `#${id}`;
    setAnnouncement(
      t("backOffice.mediaPicker.moved", { name, position: next.indexOf(id) + 1, count: next.length }),
    );
    if (action) setFocus({ id, action });
  }

  /**
   * Before the picture at `index` goes, focus moves to the next one's Remove button (else the
   * previous one's, else the button that opens the picker), so a keyboard user stays in the field.
   */
  function focusAfterRemoving(index: number) {
    const neighbour = chosen[index + 1] ?? chosen[index - 1];
    const target = neighbour
      ? list.current?.querySelector(`[data-media-id="${neighbour.id}"] [data-remove]`)
      : root.current?.querySelector('[aria-haspopup="dialog"]');
    if (target instanceof HTMLElement) target.focus();
  }

  return (
    <div ref={root} className="space-y-3">
      <p className="text-sm text-stone-600">{t("backOffice.mediaPicker.dragHint")}</p>
      {chosen.length === 0 ? (
        <p>{t("backOffice.mediaPicker.galleryEmpty")}</p>
      ) : (
        <ol
          ref={list}
          aria-label={t("backOffice.mediaPicker.galleryList")}
          className="media-gallery space-y-2"
        >
          {chosen.map((picture, index) => (
            <GalleryEntry
              key={picture.id}
              picture={picture}
              index={index}
              count={chosen.length}
              dragging={dragged === picture.id}
              onMove={(to, action) => move(index, to, action)}
              onRemove={() => {
                focusAfterRemoving(index);
                onChange(images.filter((id) => id !== picture.id));
                setAnnouncement(t("backOffice.mediaPicker.removed", { name: picture.name }));
              }}
              onDragStart={() => setDragged(picture.id)}
              onDragEnd={() => setDragged(null)}
              onDropHere={() => {
                if (dragged !== null) move(images.indexOf(dragged), index);
                setDragged(null);
              }}
            />
          ))}
        </ol>
      )}
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
      <MediaPickerDialog
        multiple
        chosen={chosen}
        trigger={
          <button type="button" className={ADMIN_BUTTON}>
            {t("backOffice.mediaPicker.openGallery")}
          </button>
        }
        onConfirm={(picked) => {
          setFound((all) => [...all, ...picked]);
          onChange(picked.map((picture) => picture.id));
        }}
      />
    </div>
  );
}
