import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkedKey, checkKey, type FileStore, isCheckKey, type OpenedFile } from "./file-store.ts";

/** Files written but not yet renamed into place end so; `list` leaves them out. */
const TEMPORARY = /\.\d+-[0-9a-f]{8}\.tmp$/;

/** Files in the folder `dir` (made when the first is written): a key is a path under it. */
export function folderStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split("/"));

  async function sizeOf(file: string): Promise<number | null> {
    const found = await stat(file).catch(() => null);
    return found?.isFile() ? found.size : null;
  }

  return {
    describe: `the folder ${root}`,
    folder: root,

    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed into place: a reader, or a crashed run, never sees half a file.
      const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async read(key) {
      const file = fileOf(key);
      if ((await sizeOf(file)) === null) return null;
      return readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },

    async open(key): Promise<OpenedFile | null> {
      const file = fileOf(key);
      const size = await sizeOf(file);
      if (size === null) return null;
      return { stream: createReadStream(file), size, contentType: undefined };
    },

    size: (key) => sizeOf(fileOf(key)),

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },

    async *list() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return [];
          throw error;
        },
      );
      for (const entry of entries) {
        if (!entry.isFile() || TEMPORARY.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join("/");
        const size = isCheckKey(key) ? null : await sizeOf(file);
        if (size === null) continue;
        yield { key, size };
      }
    },

    async check() {
      const key = checkKey();
      await this.put(key, Buffer.from("ready"), "text/plain");
      await this.remove(key);
    },
  };
}
