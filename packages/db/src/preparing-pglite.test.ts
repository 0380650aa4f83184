import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "./client.ts";
import { settings } from "./schema/index.ts";
import { createTestDatabase, migratedImage, type TestDatabase } from "./testing.ts";

const rows = async <Row>(handle: DbHandle, statement: ReturnType<typeof sql>) =>
  ((await handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;

/** The statements PGlite holds prepared, read outside and inside a transaction. */
const prepared = (handle: DbHandle) =>
  rows<{ statement: string }>(handle, sql`select statement from pg_prepared_statements`).then((found) =>
    found.map((row) => row.statement),
  );

describe("PGlite's prepared statements (decision 0078)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database.close());

  const probe = (handle: DbHandle) =>
    handle.db.select({ value: settings.value }).from(settings).where(eq(settings.key, "probe"));

  it("prepares a statement once, however often it is sent, in and out of transactions", async () => {
    await database.db.insert(settings).values({ key: "probe", value: { n: 1 } });
    expect(await probe(database)).toEqual([{ value: { n: 1 } }]);
    await database.db.transaction(async (tx) => {
      expect(
        await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, "probe")),
      ).toEqual([{ value: { n: 1 } }]);
    });
    expect(await probe(database)).toEqual([{ value: { n: 1 } }]);
    const reads = (await prepared(database)).filter(
      (statement) => statement.includes('from "settings"') && statement.includes('"key" = $1'),
    );
    expect(reads).toHaveLength(1);
  });

  it("turned off, prepares nothing", async () => {
    const off = await createDb({ image: await migratedImage(), preparedStatements: false });
    try {
      await off.db.insert(settings).values({ key: "probe", value: { n: 2 } });
      expect(await probe(off)).toEqual([{ value: { n: 2 } }]);
      expect(await prepared(off)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it("keeps a transaction's statements to itself: a statement sent meanwhile waits for its end", async () => {
    let inside: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish: () => void = () => {};
    const finishing = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx
        .update(settings)
        .set({ value: { n: 3 } })
        .where(eq(settings.key, "probe"));
      inside();
      await finishing;
      tx.rollback();
    });
    await started;
    const outside = probe(database);
    finish();
    await expect(transaction).rejects.toThrow();
    // Had the read run inside the transaction, it would have seen 3, which the rollback undid.
    expect(await outside).toEqual([{ value: { n: 1 } }]);
  });

  it("throws PGlite's error with the statement and parameters, and the transaction rolls back", async () => {
    const insertAgain = database.db.insert(settings).values({ key: "probe", value: { n: 4 } });
    await expect(insertAgain).rejects.toMatchObject({
      cause: {
        code: "23505",
        query: expect.stringContaining('insert into "settings"'),
        params: ["probe", '{"n":4}'],
      },
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(settings).values({ key: "second", value: 1 });
        await tx.insert(settings).values({ key: "probe", value: 1 });
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(await rows(database, sql`select key from settings order by key`)).toEqual([{ key: "probe" }]);
  });

  it("prepares again a statement whose table changed its columns since it was planned", async () => {
    await database.db.execute(sql`create table probe_plan (id int)`);
    const read = () =>
      rows<{ id: number; name?: string }>(database, sql`select * from probe_plan where id = ${1}`);
    await database.db.execute(sql`insert into probe_plan values (1)`);
    expect(await read()).toEqual([{ id: 1 }]);
    await database.db.execute(sql`alter table probe_plan add column name text default 'x'`);
    expect(await read()).toEqual([{ id: 1, name: "x" }]);
  });

  it("after close, a statement throws as PGlite's own do, instead of spinning in the database's code", async () => {
    const closing = await createDb({ image: await migratedImage() });
    expect(await probe(closing)).toEqual([]);
    await closing.close();
    // A statement seen before (prepared) and a new one: neither may reach the closed database.
    for (const statement of [probe(closing), closing.db.select().from(settings)]) {
      const error = await statement.then(
        () => undefined,
        (thrown: Error) => thrown,
      );
      expect(String(error?.cause ?? error)).toMatch(/PGlite is closed/);
    }
  });
});
