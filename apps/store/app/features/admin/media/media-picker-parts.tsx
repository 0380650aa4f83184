import { Button, FileTrigger } from "react-aria-components";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { CheckboxInput, RadioInput } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { MediaItem } from "../../../lib/media-resource.ts";
import { smallestSize } from "./media-choice.ts";
import { ACCEPTED_PICTURES, UploadProgress, useMediaUploads } from "./media-uploads.tsx";

/** The media picker dialog's parts (issue 39), loaded with it: a picture to choose, the pages, the upload. */

/** A picture to choose: its thumbnail, file name and alt text are the label of its control. */
export function PictureOption({
  item,
  multiple,
  group,
  checked,
  onChange,
}: {
  item: MediaItem;
  multiple: boolean;
  group: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const alt = item.alt_text[i18n.language] || item.alt_text.en || "";
  const text = (
    <span className="flex min-w-0 items-center gap-2 text-sm">
      <img
        src={smallestSize(item)}
        alt=""
        loading="lazy"
        className="h-14 w-14 shrink-0 rounded object-cover"
      />
      <span className="min-w-0 break-words">
        <span className="block font-medium">{item.filename}</span>
        <span className="block text-stone-600">{alt || t("backOffice.mediaPicker.noAlt")}</span>
      </span>
    </span>
  );
  return multiple ? (
    <CheckboxInput checked={checked} onChange={(event) => onChange(event.target.checked)}>
      {text}
    </CheckboxInput>
  ) : (
    <RadioInput checked={checked} name={group} onChange={(event) => onChange(event.target.checked)}>
      {text}
    </RadioInput>
  );
}

export function PickerPaging({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("backOffice.mediaPicker.pages")} className="flex items-center gap-2 text-sm">
      <button type="button" className={ADMIN_BUTTON} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("backOffice.mediaPicker.previous")}
      </button>
      <span aria-live="polite">{t("backOffice.mediaPicker.pageOf", { page, pages })}</span>
      <button
        type="button"
        className={ADMIN_BUTTON}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("backOffice.mediaPicker.next")}
      </button>
    </nav>
  );
}

/**
 * The dialog's upload: one picture, or several at once for a gallery, each with its progress and
 * error (`useMediaUploads`); every picture that is in goes to `onUploaded`, and what it is doing to
 * `onStatus`.
 */
export function PickerUpload({
  multiple,
  onUploaded,
  onStatus,
}: {
  multiple: boolean;
  onUploaded: (item: MediaItem) => void;
  onStatus: (status: string) => void;
}) {
  const { t } = useTranslation();
  const { uploads, uploadAll } = useMediaUploads(onUploaded);
  async function send(files: File[]) {
    onStatus(t("backOffice.mediaPicker.uploading", { count: files.length }));
    const { done, failed } = await uploadAll(files);
    const [only] = done;
    if (failed > 0) onStatus(t("backOffice.mediaPicker.uploadsFailed", { count: failed }));
    else if (done.length === 1 && only)
      onStatus(t("backOffice.mediaPicker.uploaded", { name: only.filename }));
    else onStatus(t("backOffice.mediaPicker.uploadedMany", { count: done.length }));
  }
  return (
    <div className="space-y-2">
      <FileTrigger
        acceptedFileTypes={ACCEPTED_PICTURES}
        allowsMultiple={multiple}
        onSelect={(list) => {
          const files = list ? [...list] : [];
          if (files.length > 0) void send(files);
        }}
      >
        {/* Never disabled while sending: focus would fall out of the dialog; more files queue up. */}
        <Button className={`${ADMIN_BUTTON} self-start`}>
          {multiple ? t("backOffice.mediaPicker.uploadMany") : t("backOffice.mediaPicker.upload")}
        </Button>
      </FileTrigger>
      <UploadProgress uploads={uploads} heading="h3" />
    </div>
  );
}
