import { createHash } from "node:crypto";
import { contentTypeOf, type FileStore } from "./file-store.ts";

export type CopyReport = { copied: number; skipped: number; bytes: number };

const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Copies every file of `from` into `to` (`npm run media:copy`). Resumable: a file `to` already holds
 * at the same size is left as it is, so a run stopped half-way and started again copies the rest.
 * Verified: each file written is read back from `to` and its SHA-256 compared with what was read
 * from `from`; a difference throws, naming the file. `from` is never changed.
 */
export async function copyFiles(
  from: FileStore,
  to: FileStore,
  options: { log?: (line: string) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0 };
  for await (const file of from.list()) {
    if ((await to.size(file.key)) === file.size) {
      report.skipped++;
      continue;
    }
    const bytes = await from.read(file.key);
    // Gone since it was listed (a picture deleted meanwhile): nothing to copy.
    if (!bytes) continue;
    await to.put(file.key, bytes, contentTypeOf(file.key));
    const written = await to.read(file.key);
    if (!written || digest(written) !== digest(bytes))
      throw new Error(
        `${file.key} reads back different from ${to.describe}: nothing else was changed for it`,
      );
    report.copied++;
    report.bytes += bytes.length;
    if (report.copied % 500 === 0) options.log?.(`${report.copied} files copied…`);
  }
  return report;
}
