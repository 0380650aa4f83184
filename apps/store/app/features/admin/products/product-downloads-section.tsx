import { useId, useRef, useState } from "react";
import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { FormSection, InputField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { DownloadRecord } from "../../../lib/download-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";

/** A file of the product as the form holds it: a kept one has its id; a new one its uploaded file's address. */
export type DownloadDraft = { key: string; id?: string; name: string; file: string };

export function downloadDrafts(downloads: readonly DownloadRecord[] | undefined): DownloadDraft[] {
  return (downloads ?? []).map((download) => ({ key: download.id, ...download }));
}

/** A whole number from a field left blank for "no limit" (-1, WooCommerce's). */
function limitOf(form: FormData, name: string): number | undefined {
  const value = form.get(name);
  if (value === null) return undefined;
  const text = String(value).trim();
  return text === "" ? -1 : Number(text);
}

/** The product's files, limit and expiry as the form sends them (decision 0075). */
export function downloadFormFields(form: FormData, drafts: readonly DownloadDraft[] | undefined) {
  return {
    downloads: drafts?.map(({ id, name, file }) => ({ ...(id ? { id } : {}), name, file })),
    download_limit: limitOf(form, "download_limit"),
    download_expiry: limitOf(form, "download_expiry"),
  };
}

/** A setting of -1 (none) as the field's blank. */
const blankIfNone = (value: number | undefined) => (value === undefined || value < 0 ? "" : value);

/**
 * WooCommerce's "Downloadable files" of a product: each file a name and an uploaded file (kept
 * privately, never served; its address is the staff-only REST one), the download limit and the
 * expiry in days, blank for none.
 */
export function ProductDownloadsSection({
  drafts,
  onChange,
  limit,
  expiry,
}: {
  drafts: DownloadDraft[];
  onChange: (drafts: DownloadDraft[]) => void;
  limit: number | undefined;
  expiry: number | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t("backOffice.downloads.title")}>
      <p className="text-sm text-stone-600">{t("backOffice.downloads.needsDownloadable")}</p>
      <DownloadFilesEditor drafts={drafts} onChange={onChange} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t("backOffice.downloads.limit")}
          name="download_limit"
          type="number"
          min={0}
          value={blankIfNone(limit)}
          hint={t("backOffice.downloads.limitHint")}
        />
        <InputField
          label={t("backOffice.downloads.expiry")}
          name="download_expiry"
          type="number"
          min={0}
          value={blankIfNone(expiry)}
          hint={t("backOffice.downloads.expiryHint")}
        />
      </div>
    </FormSection>
  );
}

/**
 * A list of files, each a name and an uploaded file, and the upload that adds one: a product's
 * (`ProductDownloadsSection`) or a variation's.
 */
export function DownloadFilesEditor({
  drafts,
  onChange,
}: {
  drafts: DownloadDraft[];
  onChange: (drafts: DownloadDraft[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const [uploading, setUploading] = useState(false);

  async function upload() {
    const file = fileInput.current?.files?.[0];
    if (!file || uploading) return;
    setUploading(true);
    setStatus(null);
    try {
      const body = new FormData();
      body.append("file", file);
      const kept = await pageRestClient().request<{ id: number; filename: string; file: string }>({
        path: "/downloads/files",
        method: "POST",
        body,
      });
      const name = kept.filename.replace(/\.[^.]+$/, "") || kept.filename;
      onChange([...drafts, { key: `new-${kept.id}`, name, file: kept.file }]);
      setStatus({ text: t("backOffice.downloads.uploaded", { name: kept.filename }) });
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      setStatus({
        text: error instanceof RestClientError ? error.translated(t) : String(error),
        error: true,
      });
    } finally {
      setUploading(false);
    }
  }

  return (
    <>
      {drafts.length === 0 ? (
        <p>{t("backOffice.downloads.none")}</p>
      ) : (
        <ul className="product-downloads space-y-2">
          {drafts.map((draft, index) => (
            <li key={draft.key} className="flex flex-wrap items-end gap-3">
              <label className="text-sm font-medium">
                {t("backOffice.downloads.name")}
                <input
                  value={draft.name}
                  required
                  maxLength={200}
                  onChange={(event) =>
                    onChange(drafts.map((d, i) => (i === index ? { ...d, name: event.target.value } : d)))
                  }
                  className={ADMIN_FIELD}
                />
              </label>
              <span className="text-sm text-stone-700">
                {t("backOffice.downloads.file")}: <code>{draft.file}</code>
              </span>
              <button
                type="button"
                className="rounded border border-stone-300 px-2 py-1 text-sm"
                aria-label={t("backOffice.downloads.remove", { name: draft.name })}
                onClick={() => onChange(drafts.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          {t("backOffice.downloads.choose")}
          <input ref={fileInput} type="file" className={ADMIN_FIELD} aria-describedby={`${id}-status`} />
        </label>
        <button
          type="button"
          className="rounded border border-stone-300 px-3 py-1"
          disabled={uploading}
          onClick={() => void upload()}
        >
          {t("backOffice.downloads.upload")}
        </button>
      </div>
      <p id={`${id}-status`} role="status" className={status?.error ? "text-sale" : "text-sm"}>
        {status?.text}
      </p>
    </>
  );
}
