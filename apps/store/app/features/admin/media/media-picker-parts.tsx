import { useState } from "react";
import { Button, FileTrigger } from "react-aria-components";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { CheckboxInput, RadioInput } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { MediaItem } from "../../../lib/media-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { smallestSize } from "./media-choice.ts";

/** The media picker dialog's parts (issue 39), loaded with it: a picture to choose, the pages, the upload. */

const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"];

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

/** The dialog's upload: one picture through the REST client's upload (which finishes a failed one). */
export function PickerUpload({
  onUploaded,
  onStatus,
}: {
  onUploaded: (item: MediaItem) => void;
  onStatus: (status: string) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function upload(file: File) {
    setBusy(true);
    onStatus(t("backOffice.mediaPicker.uploading", { name: file.name }));
    const body = new FormData();
    body.append("file", file, file.name);
    try {
      onUploaded(await pageRestClient().request<MediaItem>({ path: "/media", method: "POST", body }));
    } catch (error) {
      const reason = error instanceof RestClientError ? error.translated(t) : String(error);
      onStatus(t("backOffice.mediaPicker.uploadFailed", { name: file.name, error: reason }));
    } finally {
      setBusy(false);
    }
  }
  return (
    <FileTrigger
      acceptedFileTypes={ACCEPTED}
      onSelect={(list) => {
        const file = list?.[0];
        if (file) void upload(file);
      }}
    >
      <Button className={`${ADMIN_BUTTON} self-start`} isDisabled={busy}>
        {t("backOffice.mediaPicker.upload")}
      </Button>
    </FileTrigger>
  );
}
