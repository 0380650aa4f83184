import type { Readable } from "node:stream";

/**
 * Where the store keeps what it writes as files (issue 44, decision 0084): pictures' sizes and
 * drawings, originals, downloadable products' files, uploads. One interface, two places: a folder
 * on this machine (`folderStore`) or an S3 bucket under a prefix (`s3Store`). Nothing else in the
 * code touches the file system or the bucket for these files.
 *
 * A key is a relative path with `/` between its parts (`ab/abcdef-m12-600.webp`); `..`, empty
 * parts and a leading `/` are refused (`FileKeyError`).
 */
export interface FileStore {
  /** Where the files are, for logs and errors ("the folder /srv/media", "s3://shop/media/"). */
  readonly describe: string;
  /** The folder, when the files are in one (served from it directly); undefined for a bucket. */
  readonly folder: string | undefined;
  /** Writes the whole file under `key`, replacing any: a reader never sees part of it. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes; null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The file as a stream with its size; null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  /** The file's size in bytes; null when there is none. */
  size(key: string): Promise<number | null>;
  /** Deletes the file; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every file with its size, in no promised order. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Resolves when a file can be written and read back now (readiness); throws otherwise. */
  check(): Promise<void>;
}

export type OpenedFile = { stream: Readable; size: number; contentType: string | undefined };

export class FileKeyError extends Error {
  constructor(key: string) {
    super(`Not a file key: ${JSON.stringify(key).slice(0, 200)}`);
    this.name = "FileKeyError";
  }
}

/** `key` itself when it is a relative path without `..` or empty parts; a `FileKeyError` otherwise. */
export function checkedKey(key: string): string {
  const parts = key.split("/");
  if (
    key.length === 0 ||
    key.length > 1024 ||
    key.includes("\\") ||
    key.includes("\0") ||
    parts.some((part) => part === "" || part === "." || part === "..")
  )
    throw new FileKeyError(key);
  return key;
}

const CHECKS = ".ready/";
/** The key `check` writes and deletes: the process's own, so two machines never meet. */
export const checkKey = () => `${CHECKS}${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
/** A key `check` wrote for a moment: never listed, never copied. */
export const isCheckKey = (key: string) => key.startsWith(CHECKS);

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  zip: "application/zip",
  epub: "application/epub+zip",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  flac: "audio/flac",
  wav: "audio/wav",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  txt: "text/plain",
  csv: "text/csv",
  md: "text/markdown",
};

/** A file's type by its name's ending, for a file written without one (a copy); bytes otherwise. */
export function contentTypeOf(key: string): string {
  const ending = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";
  return TYPES[ending] ?? "application/octet-stream";
}
