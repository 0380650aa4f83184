import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogueImportJobs, createDb, type DbHandle, products, selectRows } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { folderStore } from "@vitrine/files";
import { count, eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Logger } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createPrivateFiles } from "../media/private-files.server.ts";
import { startCatalogueImport } from "./catalogue-import.server.ts";
import {
  type ImportParts,
  keepImportUpload,
  resumeUnfinishedImports,
  settledRuns,
} from "./catalogue-import-runs.server.ts";

/**
 * Two machines on one PostgreSQL database (issue 44, decision 0084): a catalogue import that one
 * process runs is not run again by another that resumes the unfinished imports as it starts. A run
 * holds the job's advisory lock; a process that cannot take it leaves the job alone.
 */

const dialects = await availableDialects();
const ROWS = 3000;
const CSV = Buffer.from(
  `Type,SKU,Name,Regular price\n${Array.from({ length: ROWS }, (_, i) => `simple,LAMP-${i},Lamp ${i},${10 + (i % 50)}`).join("\n")}\n`,
);

let database: TestDatabase;
let other: DbHandle;
let folder: string;

beforeAll(async () => {
  if (!dialects.includes("postgres")) return;
  database = await createTestDatabase("postgres");
  // Another machine: its own connections to the same database.
  other = await createDb({ databaseUrl: database.databaseUrl!, migrate: false });
  folder = await mkdtemp(path.join(tmpdir(), "import-runs-"));
});
afterAll(async () => {
  await other?.close();
  await database?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const heard: string[] = [];
const logger = {
  info: (_fields: unknown, message?: string) => heard.push(message ?? ""),
  warn: (_fields: unknown, message?: string) => heard.push(message ?? ""),
  error: (_fields: unknown, message?: string) => heard.push(message ?? ""),
} as unknown as Logger;

if (dialects.includes("postgres"))
  it("on PostgreSQL, a job another process runs is left to it, and resumed once that process is gone", async () => {
    const files = createPrivateFiles({ db: other.db, files: folderStore(path.join(folder, "originals")) });
    const parts: ImportParts = {
      db: other.db,
      files,
      origin: "http://127.0.0.1:3000",
      shared: true,
      logger,
      invalidatePages: () => {},
    };
    const upload = await keepImportUpload(
      { db: other.db, files },
      { bytes: CSV, filename: "lamps.csv", uploadedBy: 1 },
    );
    const { jobId } = await startCatalogueImport(database.db, { fileName: "lamps.csv", fileHash: "lamps" });
    await database.db
      .update(catalogueImportJobs)
      .set({
        options: sql`${catalogueImportJobs.options} || jsonb_build_object('upload', ${upload.id}::int)`,
      })
      .where(eq(catalogueImportJobs.id, jobId));

    // The first machine runs it: its session holds the job's lock.
    const first = new pg.Client({ connectionString: database.databaseUrl });
    await first.connect();
    await first.query("select pg_advisory_lock(7261003, $1)", [jobId]);
    expect(await resumeUnfinishedImports(parts)).toEqual([jobId]);
    await settledRuns(other.db);
    expect(heard).toContain("catalogue import runs in another process");
    const made = async () => (await database.db.select({ n: count() }).from(products))[0]?.n;
    expect(await made()).toBe(0);

    // The first machine is gone (its session with it): the next start runs the job, holding the lock.
    await first.end();
    heard.length = 0;
    expect(await resumeUnfinishedImports(parts)).toEqual([jobId]);
    const held = async () =>
      (
        await selectRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 7261003 and objid = ${jobId}`,
        )
      )[0]!;
    await expect.poll(async () => (await held()).n).toBe(1);
    await settledRuns(other.db);
    expect(heard).toContain("catalogue import finished");
    expect(await made()).toBe(ROWS);
    const [job] = await database.db
      .select({ status: catalogueImportJobs.status, created: catalogueImportJobs.created })
      .from(catalogueImportJobs)
      .where(eq(catalogueImportJobs.id, jobId));
    expect(job).toEqual({ status: "done", created: ROWS });
    expect((await held()).n).toBe(0);
  });
