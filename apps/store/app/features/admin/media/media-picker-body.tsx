import { useEffect, useId, useRef, useState } from "react";
import { ADMIN_BUTTON, ADMIN_PRIMARY_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { InputField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { MediaItem } from "../../../lib/media-resource.ts";
import { type ListAnswer, pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { type PickedPicture, pickedPicture } from "./media-choice.ts";
import { PickerPaging, PickerUpload, PictureOption } from "./media-picker-parts.tsx";

/** Pictures a page of the dialog shows. */
export const PICKER_PAGE_SIZE = 40;

export type MediaPickerBodyProps = {
  multiple: boolean;
  /** What is chosen when the dialog opens, in order. */
  initial: PickedPicture[];
  onConfirm: (picked: PickedPicture[]) => void;
  onCancel: () => void;
};

/**
 * The inside of the media picker dialog (issue 39), loaded the first time a picker opens: the
 * library's pictures a page of 40 at a time, searched by file name and alt text, each a checkbox
 * (a radio button when one picture is chosen) named by its file and alt text; an upload that
 * chooses the new picture (several files at once for a gallery, each chosen as it arrives); the
 * choice goes back to the form only when confirmed.
 */
export default function MediaPickerBody({ multiple, initial, onConfirm, onCancel }: MediaPickerBodyProps) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState(initial);
  const [query, setQuery] = useState({ search: "", page: 1 });
  const { answer, error, prepend } = useMediaPage(query.search, query.page);
  const [status, setStatus] = useState("");
  const group = useId();

  function choose(item: MediaItem, on: boolean) {
    const picture = pickedPicture(item, i18n.language);
    if (!multiple) setPicked(on ? [picture] : []);
    else
      setPicked((all) =>
        on ? [...all.filter((p) => p.id !== item.id), picture] : all.filter((p) => p.id !== item.id),
      );
  }

  return (
    <div className="media-picker flex min-h-0 flex-1 flex-col gap-3">
      <InputField
        label={t("backOffice.mediaPicker.search")}
        hint={t("backOffice.mediaPicker.searchHint")}
        type="search"
        value=""
        onChange={(event) => setQuery({ search: event.target.value, page: 1 })}
      />
      <PickerUpload
        multiple={multiple}
        onUploaded={(item) => {
          prepend(item);
          choose(item, true);
        }}
        onStatus={setStatus}
      />
      <p role="status" className="text-sm text-stone-600">
        {status || (answer ? "" : t("backOffice.mediaPicker.loading"))}
      </p>
      {error && (
        <p role="alert" className="text-sale">
          {t("backOffice.mediaPicker.failed", { error })}
        </p>
      )}
      {answer && answer.items.length === 0 && <p>{t("backOffice.mediaPicker.empty")}</p>}
      <fieldset className="min-h-0 flex-1 overflow-y-auto">
        <legend className="sr-only">{t("backOffice.mediaPicker.pictures")}</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {answer?.items.map((item) => (
            <li key={item.id}>
              <PictureOption
                item={item}
                multiple={multiple}
                group={group}
                checked={picked.some((p) => p.id === item.id)}
                onChange={(on) => choose(item, on)}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      {answer && (
        <PickerPaging
          page={query.page}
          pages={answer.totalPages}
          onPage={(page) => setQuery((now) => ({ ...now, page }))}
        />
      )}
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 pt-3">
        <p className="mr-auto text-sm" aria-live="polite">
          {t("backOffice.mediaPicker.chosenCount", { count: picked.length })}
        </p>
        <button type="button" className={ADMIN_BUTTON} onClick={onCancel}>
          {t("backOffice.mediaPicker.cancel")}
        </button>
        <button type="button" className={ADMIN_PRIMARY_BUTTON} onClick={() => onConfirm(picked)}>
          {multiple ? t("backOffice.mediaPicker.confirm") : t("backOffice.mediaPicker.confirmOne")}
        </button>
      </div>
    </div>
  );
}

/** The page of pictures for a search, a newer answer winning over one that arrives late. */
function useMediaPage(search: string, page: number) {
  const [answer, setAnswer] = useState<ListAnswer<MediaItem> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const { t } = useTranslation();
  useEffect(() => {
    const ask = ++latest.current;
    const params = new URLSearchParams({ page: String(page), per_page: String(PICKER_PAGE_SIZE) });
    if (search.trim()) params.set("search", search.trim());
    pageRestClient()
      .page<MediaItem>(`/media?${params}`)
      .then(
        (found) => {
          if (ask !== latest.current) return;
          setAnswer(found);
          setError(null);
        },
        (failure: unknown) => {
          if (ask !== latest.current) return;
          setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
        },
      );
  }, [search, page, t]);
  const prepend = (item: MediaItem) =>
    setAnswer((now) => now && { ...now, items: [item, ...now.items], total: now.total + 1 });
  return { answer, error, prepend };
}
