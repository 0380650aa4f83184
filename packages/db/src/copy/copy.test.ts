import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { folderStore } from "@vitrine/files";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Database, type DbHandle, selectRows } from "../client.ts";
import { products } from "../schema/index.ts";
import { seedDemo } from "../seed/index.ts";
import { availableDialects, createTestDatabase, type TestDatabase } from "../testing.ts";
import { type CopiedTable, copyDatabase, SEEDED_BY_MIGRATIONS, TargetNotEmptyError } from "./index.ts";

// Rendering the demo pictures dominates; generous limits keep a busy CI machine from failing the suite.
const seedTimeout = 180_000;
const dialects = await availableDialects();

let sourceDir: string;
let source: DbHandle;

beforeAll(async () => {
  sourceDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-copy-"));
  source = await createDb({ dataDir: sourceDir });
  await seedDemo(source.db, { media: folderStore(path.join(sourceDir, "media")) });
  await addShopperActivity(source.db);
}, seedTimeout);

afterAll(async () => {
  await source?.close();
  if (sourceDir) await rm(sourceDir, { recursive: true, force: true });
});

/** Beyond the catalogue: the rows a store in use has, and the shapes a naive copy gets wrong. */
async function addShopperActivity(db: Database): Promise<void> {
  await db.execute(sql`
    insert into users (email, password_hash, display_name, billing_address)
      values ('ana@example.com', 'not-a-real-hash', 'Ana', 'null'::jsonb)`);
  await db.execute(sql`
    insert into sessions (id, user_id, nonce_secret, data, expires_at)
      values ('session-1', (select id from users), 'nonce', '{"notices": []}', now() + interval '1 day')`);
  await db.execute(sql`insert into carts (session_id, user_id) values ('session-1', (select id from users))`);
  await db.execute(sql`
    insert into cart_lines (cart_id, key, product_id, quantity)
      values ((select id from carts), 'line-1', (select min(id) from products), 2)`);
  // A timestamp to the microsecond, and an order deleted after it: its id must never be handed out again.
  await db.execute(sql`
    insert into orders (order_key, user_id, currency, subtotal, total, payment_method, billing_address,
        shipping_address, created_at)
      values ('wc_order_1', (select id from users), 'USD', 2500, 2500, 'bacs', '{"first_name": "Ana"}', '{}',
        '2024-05-06 07:08:09.123456+00'),
        ('wc_order_2', null, 'USD', 100, 100, 'cod', '{}', '{}', now())`);
  await db.execute(sql`delete from orders where order_key = 'wc_order_2'`);
  await db.execute(sql`
    insert into order_lines (order_id, product_id, name, quantity, unit_price, total)
      values ((select id from orders), (select min(id) from products), 'A product', 1, 2500, 2500)`);
  await db.execute(
    sql`insert into order_attribution (order_id, origin) values ((select id from orders), 'typein')`,
  );
  // A category whose parent was created after it: id order alone would insert the child first.
  await db.execute(sql`insert into categories (slug) values ('created-later')`);
  await db.execute(sql`
    update categories set parent_id = (select id from categories where slug = 'created-later')
      where id = (select min(id) from categories)`);
}

async function publicTables(db: Database): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name);
}

/** Every row of a table as PostgreSQL prints it, in one time zone, sorted: equal means identical. */
async function tableText(db: Database, table: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const rows = await selectRows<{ row: string }>(
      tx,
      sql`select t::text as row from ${sql.identifier(table)} as t`,
    );
    return rows.map((row) => row.row).sort();
  });
}

async function count(db: Database, query: SQL): Promise<number> {
  return (await selectRows<{ n: number }>(db, query))[0]!.n;
}

describe.each(dialects)("copying a PGlite store to %s", (dialect) => {
  let target: TestDatabase;
  let copied: CopiedTable[];

  beforeAll(async () => {
    target = await createTestDatabase(dialect);
    // Small batches, so paging by primary key (single and composite) is exercised on every table.
    copied = await copyDatabase(source.db, target.db, { batchSize: 16 });
  }, seedTimeout);

  afterAll(async () => {
    await target?.close();
  });

  it("copies every table, row for row and value for value", async () => {
    const tables = await publicTables(source.db);
    expect(copied.map((entry) => entry.table).sort()).toEqual(tables);
    for (const table of tables) {
      const rows = await tableText(source.db, table);
      expect(copied.find((entry) => entry.table === table)?.rows, table).toBe(rows.length);
      expect(await tableText(target.db, table), table).toEqual(rows);
    }
    expect(copied.find((entry) => entry.table === "products")?.rows).toBeGreaterThanOrEqual(48);
  });

  it("keeps what a JavaScript round trip would lose", async () => {
    const [order] = await selectRows<{ created: string; billing: string | null }>(
      target.db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as created,
            (select billing_address::text from users) as billing
          from orders where order_key = 'wc_order_1'`,
    );
    expect(order).toEqual({ created: "2024-05-06 07:08:09.123456", billing: "null" });
  });

  it("puts back the keys that point within a table", async () => {
    const keys = await selectRows<{ name: string }>(
      target.db,
      sql`select conname as name from pg_constraint where contype = 'f' and conrelid = confrelid order by conname`,
    );
    expect(keys.map((key) => key.name)).toEqual([
      "categories_parent_id_categories_id_fk",
      "menu_items_parent_id_menu_items_id_fk",
    ]);
    await expect(
      target.db.execute(sql`update categories set parent_id = 999999 where slug = 'created-later'`),
    ).rejects.toThrow();
  });

  it("hands out new ids after the copied ones, and never one the source already gave", async () => {
    const highest = await count(target.db, sql`select max(id)::int as n from products`);
    const [added] = await target.db
      .insert(products)
      .values({ slug: "after-the-move", type: "simple", regularPrice: 1200 })
      .returning({ id: products.id });
    expect(added!.id).toBe(highest + 1);

    const [order] = await selectRows<{ id: number }>(
      target.db,
      sql`insert into orders (order_key, currency, subtotal, total, payment_method, billing_address, shipping_address)
          values ('wc_order_3', 'USD', 1, 1, 'cod', '{}', '{}') returning id`,
    );
    const deleted = (await count(source.db, sql`select max(id)::int as n from orders`)) + 1;
    expect(order!.id).toBe(deleted + 1);
  });
});

describe.each(dialects)("copying into a %s database that is not empty", (dialect) => {
  let target: TestDatabase;

  beforeAll(async () => {
    target = await createTestDatabase(dialect);
    await target.db.execute(sql`insert into settings (key, value) values ('store', '{}')`);
  });

  afterAll(async () => {
    await target?.close();
  });

  it("refuses, naming the table, and writes nothing", async () => {
    const rowsOf = (table: string) =>
      count(target.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    const seeded = new Map<string, number>();
    for (const table of SEEDED_BY_MIGRATIONS) seeded.set(table, await rowsOf(table));
    const attempt = copyDatabase(source.db, target.db);
    await expect(attempt).rejects.toThrow(TargetNotEmptyError);
    await expect(attempt).rejects.toThrow(
      /^The target database is not empty \(rows in settings\); copy into a new/,
    );
    for (const table of await publicTables(target.db)) {
      // The rows the migrations wrote stay as they were; nothing else was written.
      expect(await rowsOf(table), table).toBe(seeded.get(table) ?? (table === "settings" ? 1 : 0));
    }
  });
});

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/** Runs `npm run db:copy` as an operator would (without npm): its exit code and what it printed. */
function runCopyCommand(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ["--import", tsxLoader, path.join(import.meta.dirname, "cli.ts"), ...args],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run db:copy", () => {
  it("says what is missing in one line", async () => {
    const result = await runCopyCommand(["--from", "./data"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "--to is missing: the PostgreSQL database to copy into. Usage: npm run db:copy -- --from ./data --to postgres://user@host:5432/database",
    );
  });

  it("refuses a folder that holds no store, without creating one there", async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), "vitrine-copy-empty-"));
    try {
      const result = await runCopyCommand(["--from", empty, "--to", "postgres://nobody@127.0.0.1:1/none"]);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `There is no embedded database in ${empty} (no pglite folder): --from takes the store's DATA_DIR.`,
      );
      expect(existsSync(path.join(empty, "pglite"))).toBe(false);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it("asks for the store to be stopped while it holds the folder", async () => {
    // This test file holds the seeded folder open, as a running store would.
    const result = await runCopyCommand(["--from", sourceDir, "--to", "postgres://nobody@127.0.0.1:1/none"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^The data folder .+ is in use by another Vitrine process \(pid \d+\); stop it or set another DATA_DIR\.\nStop the store before copying: the copy needs its data folder alone\.$/,
    );
  });
});

describe.each(dialects.filter((dialect) => dialect === "postgres"))("npm run db:copy into %s", (dialect) => {
  let storeDir: string;
  let target: TestDatabase;

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-copy-store-"));
    const store = await createDb({ dataDir: storeDir });
    await store.db.insert(products).values({ slug: "only-product", type: "simple", regularPrice: 500 });
    await store.close();
    target = await createTestDatabase(dialect);
  });

  afterAll(async () => {
    await target?.close();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it("copies a stopped store and prints a count per table", async () => {
    const result = await runCopyCommand(["--from", storeDir, "--to", target.databaseUrl!]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Copying PGlite in .+ into PostgreSQL at .+\/vitrine_test_\w+:\n/);
    expect(result.stdout).toMatch(/^ {2}products +1$/m);
    expect(result.stdout).toMatch(/^ {2}orders +0$/m);
    // The product, and the rows the migrations wrote: zone 0, its two methods, two tax classes.
    expect(result.stdout).toMatch(/^ {2}shipping_zone_methods +2$/m);
    expect(result.stdout).toMatch(/^Copied 6 rows in \d+ tables in [\d.]+ s\.$/m);
    expect(
      await count(target.db, sql`select count(*)::int as n from products where slug = 'only-product'`),
    ).toBe(1);
    // The command released the folder: the store can start again.
    const reopened = await createDb({ dataDir: storeDir, migrate: false });
    await reopened.close();
  });
});
