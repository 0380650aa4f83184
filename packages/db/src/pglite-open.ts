import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { readTemplate } from "./template.ts";

/**
 * How every PGlite of the store opens. Migration 0001 creates pg_trgm (search used it until decision
 * 0020); PGlite must load it to apply it. The store's tables live in `template1`: PGlite opened that
 * database by default until 0.4 (decision 0043), so every data folder made before holds its data
 * there, and new folders do the same.
 *
 * PostgreSQL's buffer pool is 32 MB rather than its 128 MB default (issue 45, decision 0088): it
 * lives in PGlite's WebAssembly memory, which never shrinks, and a store's pages that miss it are read
 * from the data folder through the operating system's file cache. A PGlite opened with the default
 * settled at about 250 MB above the process; with 32 MB, about 140 MB.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

export const pgliteOptions = {
  extensions: { pg_trgm },
  database: "template1",
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/**
 * A folder that holds no database yet starts from the template when there is one (decision 0048):
 * loading it takes under 2 s where PGlite's initdb takes about 7. A template that does not load
 * (a file cut short) is discarded: the folder, which held no database, is emptied and PGlite makes
 * the database itself.
 *
 * A PGlite that loaded the template keeps what the load took for as long as it runs: the image's
 * copies in its WebAssembly memory, which never shrinks, about 170 MB above a PGlite opened on the
 * same folder afterwards (issue 45, decision 0088). So it is closed once the folder holds the
 * database, and the folder opened again.
 */
export async function openPgliteFolder(folder: string, templateDir: string): Promise<PGlite> {
  const template = existsSync(path.join(folder, "PG_VERSION")) ? undefined : readTemplate(templateDir);
  if (template) {
    try {
      const loaded = await PGlite.create(folder, { ...pgliteOptions, loadDataDir: template });
      await loaded.close();
      return await PGlite.create(folder, pgliteOptions);
    } catch {
      for (const name of readdirSync(folder))
        rmSync(path.join(folder, name), { recursive: true, force: true });
    }
  }
  return PGlite.create(folder, pgliteOptions);
}
