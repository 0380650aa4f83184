import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { type Database, media, type Transaction } from "@vitrine/db";
import type { FileStore } from "@vitrine/files";
import { and, eq, isNull } from "drizzle-orm";
import { MAX_UPLOAD_BYTES, MediaError, sniffImageType } from "./media-library.server.ts";

/**
 * Files kept with the media but never served (issue 43, decision 0075): a downloadable product's
 * files. Each is a `media` row of kind `file` (so the picture library, which lists images, never
 * shows it), its bytes among the private files (`files/…`), which no route serves; only the
 * signed download route and staff's REST read them. The size limit is the media library's.
 */

export type StoredFile = { id: number; filename: string; mimeType: string; bytes: number };

/** What a downloadable product may deliver: documents, archives, pictures, sound, video, text. */
export function sniffFileType(bytes: Uint8Array, filename: string): string | null {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => starts(offset, ...[...text].map((c) => c.charCodeAt(0)));
  const extension = path.extname(filename).toLowerCase();
  const image = sniffImageType(bytes);
  if (image) return image;
  if (ascii(0, "%PDF-")) return "application/pdf";
  if (starts(0, 0x50, 0x4b, 0x03, 0x04)) return ZIP_FAMILY[extension] ?? "application/zip";
  if (ascii(0, "ID3") || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return "audio/mpeg";
  if (ascii(0, "OggS")) return "audio/ogg";
  if (ascii(0, "fLaC")) return "audio/flac";
  if (ascii(0, "RIFF") && ascii(8, "WAVE")) return "audio/wav";
  if (ascii(4, "ftyp")) return extension === ".m4a" ? "audio/mp4" : "video/mp4";
  if (TEXT_TYPES[extension] && isText(bytes)) return TEXT_TYPES[extension]!;
  return null;
}

const ZIP_FAMILY: Record<string, string> = {
  ".epub": "application/epub+zip",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".odt": "application/vnd.oasis.opendocument.text",
};

const TEXT_TYPES: Record<string, string> = {
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".md": "text/markdown",
};

/** UTF-8 text without control bytes but tabs and line ends. */
function isText(bytes: Uint8Array): boolean {
  const allowed = new Set([0x09, 0x0a, 0x0d]);
  if (bytes.some((byte) => byte < 0x20 && !allowed.has(byte))) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file's name as kept and offered back: its last part, without characters a header would mangle. */
export function keptFilename(filename: string): string {
  return (
    path
      .basename(filename)
      .replace(/[^\w. ()-]/g, "_")
      .slice(0, 200) || "download"
  );
}

/** @param files the private files (the originals folder, or the bucket's `originals/`). */
export function createPrivateFiles(options: { db: Database; files: FileStore }) {
  const { db, files } = options;

  /**
   * A file's bytes checked (not empty, the media library's size limit, a type sniffed from them) and
   * kept among the private files; refused with a 4xx `MediaError`.
   */
  async function writeChecked(input: { bytes: Buffer; filename: string }) {
    if (input.bytes.length === 0) throw new MediaError(400, "rest_upload_no_data", "No data supplied.");
    if (input.bytes.length > MAX_UPLOAD_BYTES)
      throw new MediaError(413, "rest_upload_file_too_big", "The file is too big.");
    const filename = keptFilename(input.filename);
    const type = sniffFileType(input.bytes, filename);
    if (!type)
      throw new MediaError(
        415,
        "rest_upload_invalid_type",
        "The file is not a PDF, archive, document, picture, sound, video or text file.",
      );
    const hash = createHash("sha256").update(input.bytes).digest("hex");
    // A random part: two uploads of the same bytes stay two files, each deleted on its own.
    const relative = `files/${hash.slice(0, 2)}/${hash.slice(0, 16)}-${randomBytes(6).toString("hex")}${path.extname(filename).toLowerCase().slice(0, 10)}`;
    await files.put(relative, input.bytes, type);
    return { filename, type, relative };
  }

  return {
    /** Keeps an uploaded file for downloads; refuses an empty, too big or unknown one (4xx `MediaError`). */
    async keepFile(input: { bytes: Buffer; filename: string; uploadedBy: number }): Promise<StoredFile> {
      const { filename, type, relative } = await writeChecked(input);
      const [row] = await db
        .insert(media)
        .values({
          kind: "file",
          filename,
          mimeType: type,
          state: "ready",
          uploadedBy: input.uploadedBy,
          originalPath: relative,
        })
        .returning({ id: media.id });
      return { id: row!.id, filename, mimeType: type, bytes: input.bytes.length };
    },

    /**
     * Fills a file row left waiting for its bytes (a download an import names by another site's
     * address, decision 0081) with the same checks as an upload: its original, name and type, ready.
     * `within` runs in the same transaction (the caller's own record of it). Null, and nothing kept,
     * when the row waits no more or `within` answers false.
     */
    async fillFile(
      id: number,
      input: { bytes: Buffer; filename: string },
      within: (tx: Transaction) => Promise<boolean> = async () => true,
    ): Promise<StoredFile | null> {
      const { filename, type, relative } = await writeChecked(input);
      const declined = new Error("declined");
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(media)
            .set({ filename, mimeType: type, state: "ready", originalPath: relative })
            .where(and(eq(media.id, id), eq(media.kind, "file"), isNull(media.originalPath)))
            .returning({ id: media.id });
          if (!row || !(await within(tx))) throw declined;
        });
      } catch (error) {
        await files.remove(relative);
        if (error === declined) return null;
        throw error;
      }
      return { id, filename, mimeType: type, bytes: input.bytes.length };
    },

    /** A kept file's facts; null when there is no such file. */
    async fileInfo(id: number): Promise<StoredFile | null> {
      const [row] = await db
        .select({
          id: media.id,
          filename: media.filename,
          mimeType: media.mimeType,
          path: media.originalPath,
        })
        .from(media)
        .where(and(eq(media.id, id), eq(media.kind, "file")));
      if (!row?.path) return null;
      const size = await files.size(row.path);
      if (size === null) return null;
      return { id: row.id, filename: row.filename, mimeType: row.mimeType, bytes: size };
    },

    /** Deletes a kept file and its row (a catalogue import's upload, once its job has ended). */
    async removeFile(id: number): Promise<void> {
      const [row] = await db
        .delete(media)
        .where(and(eq(media.id, id), eq(media.kind, "file")))
        .returning({ path: media.originalPath });
      if (row?.path) await files.remove(row.path);
    },

    /** A kept file's bytes as a stream; null when the file is gone. */
    async openFile(id: number): Promise<(StoredFile & { stream: Readable }) | null> {
      const [row] = await db
        .select({
          id: media.id,
          filename: media.filename,
          mimeType: media.mimeType,
          path: media.originalPath,
        })
        .from(media)
        .where(and(eq(media.id, id), eq(media.kind, "file")));
      if (!row?.path) return null;
      const opened = await files.open(row.path);
      if (!opened) return null;
      return {
        id: row.id,
        filename: row.filename,
        mimeType: row.mimeType,
        bytes: opened.size,
        stream: opened.stream,
      };
    },
  };
}

export type PrivateFiles = ReturnType<typeof createPrivateFiles>;
