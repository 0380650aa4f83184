import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "./client.ts";
import { settings } from "./schema/index.ts";

/** The thread's module as the tests have it (TypeScript, loaded through tsx in the worker). */
const thread = new URL("./pglite-thread.ts", import.meta.url);

describe("PGlite on a thread of its own (decision 0086)", () => {
  let dataDir: string;
  let database: DbHandle;
  const rows = async <Row>(statement: ReturnType<typeof sql>) =>
    ((await database.db.execute(statement)) as unknown as { rows: Row[] }).rows;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-thread-"));
    database = await createDb({ dataDir, thread });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves the event loop free while a statement runs", async () => {
    let answered = false;
    const slow = rows(sql`select count(*)::int as n from generate_series(1, 3000000)`).then((result) => {
      answered = true;
      return result;
    });
    // On the caller's thread PGlite would run the statement to its end before any of these turns.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    expect(await slow).toEqual([{ n: 3000000 }]);
  });

  it("opens PostgreSQL with a 32 MB buffer pool, not its 128 MB default (decision 0088)", async () => {
    expect(await rows(sql`show shared_buffers`)).toEqual([{ shared_buffers: "32MB" }]);
  });

  it("reads and writes through drizzle, with dates as drizzle parses them and PostgreSQL's errors", async () => {
    await database.db.insert(settings).values({ key: "thread-probe", value: { kept: true } });
    const [row] = await database.db.select().from(settings).where(eq(settings.key, "thread-probe"));
    expect(row?.value).toEqual({ kept: true });
    expect(await rows(sql`select '2026-11-30 10:00:00+00'::timestamptz as at`)).toEqual([
      { at: "2026-11-30 10:00:00+00" },
    ]);
    const duplicate = database.db.insert(settings).values({ key: "thread-probe", value: {} });
    await expect(duplicate).rejects.toMatchObject({ cause: { code: "23505" } });
  });

  it("commits a transaction whose callback ends, rolls back one that throws, and serves others after it", async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: "thread-committed", value: 1 });
    });
    const failed = database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: "thread-rolled-back", value: 1 });
      throw new Error("changed my mind");
    });
    await expect(failed).rejects.toThrow("changed my mind");
    // A statement outside sent while a transaction is open waits for it, as PGlite's own rule says.
    let outsideSeen: unknown;
    await database.db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: "thread-inside", value: 1 });
      const outside = database.db.select().from(settings).where(eq(settings.key, "thread-inside"));
      void outside.then((result) => {
        outsideSeen = result;
      });
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(outsideSeen).toBeUndefined();
      await tx.execute(sql`savepoint sp`);
    });
    await expect.poll(() => outsideSeen).toHaveLength(1);
    const keys = await rows<{ key: string }>(
      sql`select key from settings where key like 'thread-%' order by key`,
    );
    expect(keys.map((row) => row.key)).toEqual(["thread-committed", "thread-inside", "thread-probe"]);
  });

  it("keeps what it wrote across a close and a new open of the folder", async () => {
    await database.close();
    database = await createDb({ dataDir, thread });
    expect(await rows(sql`select key from settings where key = 'thread-committed'`)).toEqual([
      { key: "thread-committed" },
    ]);
  });
});
