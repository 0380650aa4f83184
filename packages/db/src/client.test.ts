import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, DatabaseOpenError, type DbHandle } from "./client.ts";

// The PGlite folder lock (one opener at a time) is tested in lock.test.ts.
describe("createDb", () => {
  it("fails fast with one clear line when PostgreSQL cannot be reached", async () => {
    const attempt = createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" });
    await expect(attempt).rejects.toThrow(DatabaseOpenError);
    await expect(createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" })).rejects.toThrow(
      /^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/none: [^\n]+$/,
    );
  });

  it("keeps PGlite's tables in template1, where data folders made before PGlite 0.4 hold them", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-client-"));
    const query = async <Row>(handle: DbHandle, statement: SQL) =>
      ((await handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;
    try {
      const first = await createDb({ dataDir });
      expect(await query(first, sql`select current_database() as name`)).toEqual([{ name: "template1" }]);
      await first.db.execute(sql`insert into settings (key, value) values ('probe', '"kept"'::jsonb)`);
      await first.close();

      const again = await createDb({ dataDir });
      expect(await query(again, sql`select value from settings where key = 'probe'`)).toEqual([
        { value: "kept" },
      ]);
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
