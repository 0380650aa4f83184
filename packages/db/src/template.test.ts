import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, migratedPgliteImage, selectRows } from "./client.ts";
import { templateFile, writeTemplate } from "./template.ts";

const run = promisify(execFile);
// tsx's loader in this very process, not its command line: that would run the script in a grandchild.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const memoryScript = path.join(import.meta.dirname, "template-memory.fixture.ts");

const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(made);
  return made;
};
afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
});

const probe = async (handle: DbHandle) =>
  (await selectRows<{ value: string }>(handle.db, sql`select value from settings where key = 'probe'`)).map(
    (row) => row.value,
  );

/**
 * A template whose settings hold a probe row, so a database made from it can be told apart: made
 * once for the file, and written into each test's own folder of templates.
 */
let marked: Buffer;
beforeAll(async () => {
  const client = await PGlite.create({
    extensions: { pg_trgm },
    database: "template1",
    loadDataDir: await migratedPgliteImage(),
  });
  await client.exec(`insert into settings (key, value) values ('probe', '"from the template"'::jsonb)`);
  marked = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
  await client.close();
});
function markedTemplate(dir: string): void {
  writeTemplate(marked, dir);
}

describe("the PGlite template (decision 0048)", () => {
  it("is where a new data folder starts from; a folder that holds a database keeps its own", async () => {
    const templates = folder("vitrine-template-");
    markedTemplate(templates);
    const dataDir = folder("vitrine-data-");

    const first = await createDb({ dataDir, templateDir: templates });
    expect(await probe(first)).toEqual(["from the template"]);
    await first.db.execute(sql`update settings set value = '"changed"'::jsonb where key = 'probe'`);
    await first.close();

    const again = await createDb({ dataDir, templateDir: templates });
    expect(await probe(again)).toEqual(["changed"]);
    await again.close();
  });

  it("a folder made from the template is opened again, so the load's copies of the image are given back", async () => {
    const templates = folder("vitrine-template-");
    markedTemplate(templates);
    const imageBytes = readFileSync(templateFile(templates)).length;
    // Measured in a process of its own: this file shares its worker with others (decision 0049),
    // whose buffers would be counted with the database's.
    const { stdout } = await run(
      process.execPath,
      ["--expose-gc", "--import", tsxLoader, memoryScript, folder("vitrine-data-"), templates],
      { encoding: "utf8" },
    );
    const { kept, rows } = JSON.parse(stdout) as { kept: number; rows: unknown };
    // Kept open as loaded, the instance held about four times the image (180 MB for 43).
    expect(kept).toBeLessThan(imageBytes);
    expect(rows).toEqual([{ value: "from the template" }]);
  });

  it("a template cut short leaves PGlite to make the database itself", async () => {
    const templates = folder("vitrine-template-");
    markedTemplate(templates);
    const whole = templateFile(templates);
    writeFileSync(whole, readFileSync(whole).subarray(0, 1 << 20));
    const dataDir = folder("vitrine-data-");

    const handle = await createDb({ dataDir, templateDir: templates });
    try {
      expect(await probe(handle)).toEqual([]);
      const tables = await selectRows(
        handle.db,
        sql`select tablename from pg_tables where schemaname = 'public'`,
      );
      expect(tables.length).toBeGreaterThan(20);
    } finally {
      await handle.close();
    }
  });

  it("keeps one template: those of other PGlite builds or migrations go when a new one is written", () => {
    const templates = folder("vitrine-template-");
    const stale = path.join(templates, "pglite-template-0123456789abcdef.tar");
    writeFileSync(stale, "old");
    writeTemplate(Buffer.from("new"), templates);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(templates)).toEqual([path.basename(templateFile(templates))]);
  });
});
