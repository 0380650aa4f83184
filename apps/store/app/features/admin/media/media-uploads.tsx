import { useId, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { MediaItem } from "../../../lib/media-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";

/** One file sent to the media library, and how far it has got. */
export type Upload = {
  key: string;
  name: string;
  status: "waiting" | "uploading" | "done" | "failed";
  error?: string;
};

/** The picture types the library takes (the server tells them by their bytes). */
export const ACCEPTED_PICTURES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"];

/**
 * Files uploaded to the media library one after another through the REST client (which finishes a
 * picture whose sizes failed half-way), each with its own status and error (issue 16, issue 39);
 * `onUploaded` gets each picture as soon as it is in.
 */
export function useMediaUploads(onUploaded: (item: MediaItem, file: File) => void) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const sent = useRef(0);
  const set = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  /** Sends `files` in turn; answers the pictures that went in and how many failed. */
  async function uploadAll(files: readonly File[]): Promise<{ done: MediaItem[]; failed: number }> {
    const done: MediaItem[] = [];
    const queued = files.map((file) => ({ key: `upload-${++sent.current}`, file }));
    setUploads((all) => [
      ...all,
      ...queued.map(({ key, file }) => ({ key, name: file.name, status: "waiting" as const })),
    ]);
    const client = pageRestClient();
    for (const { key, file } of queued) {
      set(key, { status: "uploading" });
      const body = new FormData();
      body.append("file", file, file.name);
      try {
        const item = await client.request<MediaItem>({ path: "/media", method: "POST", body });
        set(key, { status: "done" });
        done.push(item);
        onUploaded(item, file);
      } catch (error) {
        set(key, {
          status: "failed",
          error: error instanceof RestClientError ? error.translated(t) : String(error),
        });
      }
    }
    return { done, failed: files.length - done.length };
  }

  return { uploads, uploadAll };
}

/** The uploads' progress: how many are done, and each file's status and error. */
export function UploadProgress({ uploads, heading }: { uploads: Upload[]; heading: "h2" | "h3" }) {
  const { t } = useTranslation();
  const id = useId();
  if (uploads.length === 0) return null;
  const Heading = heading;
  return (
    <section aria-labelledby={id}>
      <Heading id={id} className={`mb-2 font-semibold ${heading === "h2" ? "text-lg" : ""}`}>
        {t("backOffice.media.uploads", {
          done: uploads.filter((upload) => upload.status === "done").length,
          total: uploads.length,
        })}
      </Heading>
      <ul className="space-y-1 text-sm" aria-live="polite">
        {uploads.map((upload) => (
          <li key={upload.key} className="media-upload" data-status={upload.status}>
            <span className="font-medium">{upload.name}</span>:{" "}
            {t(`backOffice.media.status.${upload.status}`)}
            {upload.error && (
              <span role="alert" className="text-sale">
                {" "}
                {upload.error}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
