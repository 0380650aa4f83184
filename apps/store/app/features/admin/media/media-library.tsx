import { useState } from "react";
import { Button, DropZone, FileTrigger, isFileDropItem, Text } from "react-aria-components";
import { ADMIN_BUTTON, ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AltTextInput, MediaItem } from "../../../lib/media-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { ACCEPTED_PICTURES, UploadProgress, useMediaUploads } from "./media-uploads.tsx";

/**
 * The media library of the back office (issue 16): drop or choose several pictures, each uploaded in
 * turn through the REST client (which finishes a picture whose sizes failed half-way), with its
 * progress; every picture's alt text in both languages; delete, and delete anyway when products
 * show the picture. `initial` is one page of the library (a search's, when `searching`).
 */
export function MediaLibrary({ initial, searching }: { initial: MediaItem[]; searching: boolean }) {
  const { t } = useTranslation();
  const [items, setItems] = useState(initial);
  const { uploads, uploadAll } = useMediaUploads((item) => setItems((all) => [item, ...all]));

  return (
    <div className="space-y-6">
      <DropZone
        getDropOperation={(types) => (ACCEPTED_PICTURES.some((type) => types.has(type)) ? "copy" : "cancel")}
        onDrop={async (event) => {
          const files = await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile()));
          await uploadAll(files);
        }}
        className="media-drop-zone flex flex-col items-center gap-3 rounded border-2 border-dashed border-stone-300 p-8 text-center data-[drop-target]:border-brand data-[drop-target]:bg-emerald-50"
      >
        <Text slot="label">{t("backOffice.media.drop")}</Text>
        <FileTrigger
          acceptedFileTypes={ACCEPTED_PICTURES}
          allowsMultiple
          onSelect={(list) => void uploadAll(list ? [...list] : [])}
        >
          <Button className={`${ADMIN_BUTTON} bg-white`}>{t("backOffice.media.choose")}</Button>
        </FileTrigger>
      </DropZone>

      <UploadProgress uploads={uploads} heading="h2" />

      {items.length === 0 ? (
        // A search that finds nothing says so above the list.
        !searching && <p>{t("backOffice.media.empty")}</p>
      ) : (
        <ul className="media-grid grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <MediaCard
              key={item.id}
              item={item}
              onChange={(changed) =>
                setItems((all) => all.map((each) => (each.id === changed.id ? changed : each)))
              }
              onDelete={() => setItems((all) => all.filter((each) => each.id !== item.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function MediaCard({
  item,
  onChange,
  onDelete,
}: {
  item: MediaItem;
  onChange: (item: MediaItem) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ text: string; inUse?: boolean } | null>(null);
  const thumbnail = item.sizes.find((size) => size.format === "jpeg")?.url ?? item.source_url;
  const fail = (error: unknown) =>
    setMessage({
      text: error instanceof RestClientError ? error.translated(t) : String(error),
      inUse: error instanceof RestClientError && error.code === "rest_media_in_use",
    });

  async function saveAlt(form: FormData) {
    try {
      const saved = await pageRestClient().request<MediaItem>({
        path: `/media/${item.id}`,
        method: "PUT",
        data: {
          alt_text: { en: String(form.get("alt_en") ?? ""), es: String(form.get("alt_es") ?? "") },
        } satisfies AltTextInput,
      });
      onChange(saved);
      setMessage({ text: t("backOffice.media.saved") });
    } catch (error) {
      fail(error);
    }
  }

  async function remove(force: boolean) {
    try {
      await pageRestClient().request({
        path: `/media/${item.id}${force ? "?force=true" : ""}`,
        method: "DELETE",
      });
      onDelete();
    } catch (error) {
      fail(error);
    }
  }

  const name = item.alt_text.en || item.filename;
  return (
    <li className="media-item rounded border border-stone-200 p-3" aria-label={name}>
      {thumbnail && (
        <img
          src={thumbnail}
          alt={item.alt_text.en ?? ""}
          loading="lazy"
          className="mb-2 aspect-[4/3] w-full rounded object-cover"
        />
      )}
      <p className="truncate text-sm text-stone-600">
        {item.filename} · {item.width}×{item.height}
      </p>
      <form
        className="mt-2 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void saveAlt(new FormData(event.currentTarget));
        }}
      >
        {(["en", "es"] as const).map((locale) => (
          <label key={locale} className="block text-sm">
            {t(`backOffice.media.alt_${locale}`)}
            <input
              name={`alt_${locale}`}
              defaultValue={item.alt_text[locale] ?? ""}
              maxLength={300}
              className={ADMIN_FIELD}
            />
          </label>
        ))}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={ADMIN_BUTTON}>
            {t("backOffice.media.saveAlt")}
          </button>
          <button type="button" className={ADMIN_BUTTON} onClick={() => void remove(false)}>
            {t("backOffice.media.delete")}
          </button>
          {message?.inUse && (
            <button type="button" className={`${ADMIN_BUTTON} text-sale`} onClick={() => void remove(true)}>
              {t("backOffice.media.deleteAnyway")}
            </button>
          )}
        </div>
      </form>
      {message && (
        <p role="status" className="mt-2 text-sm">
          {message.text}
        </p>
      )}
    </li>
  );
}
