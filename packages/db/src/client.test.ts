import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, DatabaseOpenError, type DbHandle } from "./client.ts";
import { settings } from "./schema/index.ts";
import { availableDialects, createTestDatabase } from "./testing.ts";

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

const postgres = (await availableDialects()).includes("postgres") ? ["postgres"] : [];

describe.each(postgres)("statements on %s (decision 0072)", () => {
  /** The statements this connection has prepared, read in a transaction (one connection). */
  const preparedIn = async (handle: DbHandle) =>
    handle.db.transaction(async (tx) => {
      await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, "probe"));
      await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, "probe"));
      const result = (await tx.execute(sql`select statement from pg_prepared_statements`)) as unknown as {
        rows: Array<{ statement: string }>;
      };
      return result.rows.map((row) => row.statement);
    });

  it("are prepared once per connection, by a name of their text, unless turned off", async () => {
    const database = await createTestDatabase("postgres");
    const off = await createDb({
      databaseUrl: database.databaseUrl,
      migrate: false,
      preparedStatements: false,
    });
    try {
      const prepared = await preparedIn(database);
      // One statement, though sent twice; a statement without parameters (the read above) is not prepared.
      expect(prepared.filter((statement) => statement.includes('from "settings"'))).toHaveLength(1);
      expect(prepared.some((statement) => statement.includes("pg_prepared_statements"))).toBe(false);
      expect(await preparedIn(off)).toEqual([]);
    } finally {
      await off.close();
      await database.close();
    }
  });
});
