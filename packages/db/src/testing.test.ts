import { existsSync } from "node:fs";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDb, type DbHandle, selectRows } from "./client.ts";
import { settings } from "./schema/index.ts";
import { templateFile } from "./template.ts";
import { availableDialects, createTestDatabase, recordStatements } from "./testing.ts";

const query = <Row>(handle: DbHandle, statement: SQL) => selectRows<Row>(handle.db, statement);
const tables = (handle: DbHandle) =>
  query<{ name: string }>(
    handle,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );

describe("PGlite test databases", () => {
  it("start from an image of the migrated schema, each one apart from the others", async () => {
    const fresh = await createDb({});
    const first = await createTestDatabase("pglite");
    const second = await createTestDatabase("pglite");
    try {
      // The image is kept as the template (decision 0048), and holds what migrating an empty one gives.
      expect(existsSync(templateFile())).toBe(true);
      expect(await tables(first)).toEqual(await tables(fresh));
      expect((await tables(first)).length).toBeGreaterThan(20);
      expect(await query(first, sql`select current_database() as name`)).toEqual([{ name: "template1" }]);
      await first.db.execute(sql`insert into settings (key, value) values ('probe', '"first"'::jsonb)`);
      expect(await query(second, sql`select value from settings where key = 'probe'`)).toEqual([]);
      expect(await query(first, sql`select value from settings where key = 'probe'`)).toEqual([
        { value: "first" },
      ]);
    } finally {
      await Promise.all([fresh.close(), first.close(), second.close()]);
    }
  });
});

describe.each(await availableDialects())("recording statements on %s", (dialect) => {
  it("keeps each statement sent, in and out of transactions, until stopped", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const { db } = database;
      const record = recordStatements(db);
      await db.select().from(settings);
      await db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: "probe", value: 1 });
        await tx.execute(sql`select 1`);
      });
      record.stop();
      await db.select().from(settings);
      expect(record.statements).toHaveLength(3);
      expect(record.statements[0]).toMatch(/^select .* from "settings"$/);
      expect(record.statements[1]).toMatch(/^insert into "settings"/);
      expect(record.statements[2]).toBe("select 1");
    } finally {
      await database.close();
    }
  });
});

describe.each((await availableDialects()).filter((dialect) => dialect === "postgres"))(
  "resetting a test database on %s",
  (dialect) => {
    it("empties it though work a test left running holds a table, and waits for a table the reset holds", async () => {
      const database = await createTestDatabase(dialect);
      // As a mail sent after an order's change: another connection, in a transaction, that read a
      // table late in the reset's order and then wants one the reset has already taken.
      const other = new pg.Client({ connectionString: database.databaseUrl });
      await other.connect();
      try {
        await database.db.execute(sql`insert into settings (key, value) values ('probe', '"left"'::jsonb)`);
        await other.query("begin");
        await other.query('select 1 from "variations" limit 1');
        const resetting = database.reset();
        const waiting = async () =>
          (
            await other.query(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows[0].n as number;
        await expect.poll(waiting, { interval: 20 }).toBe(1);
        // PostgreSQL ends one of the two; whichever, the reset must end with the tables empty.
        await other.query('select 1 from "affiliate_links" limit 1').catch(() => undefined);
        await other.query("rollback");
        await resetting;
        expect(await query(database, sql`select key from settings where key = 'probe'`)).toEqual([]);
      } finally {
        await other.end();
        await database.close();
      }
    });
  },
);
