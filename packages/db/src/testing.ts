import { randomBytes } from "node:crypto";
import net from "node:net";
import { type Logger, sql } from "drizzle-orm";
import pg from "pg";
import {
  createDb,
  type Database,
  type DbHandle,
  type Dialect,
  pgliteTemplate,
  selectRows,
} from "./client.ts";

/**
 * Test databases: PGlite always; PostgreSQL too when DATABASE_URL is set or a server answers on
 * 127.0.0.1:5432. Each PostgreSQL test database is created for the run and dropped at the end.
 */
export type TestDatabase = DbHandle & {
  /** Empty every table, so each test starts from the migrated, empty schema. */
  reset(): Promise<void>;
  /** PostgreSQL only: the test database's URL, for a test that connects again as another server would. */
  databaseUrl?: string;
};

const localPostgres = "postgres://postgres@127.0.0.1:5432/postgres";

export async function availableDialects(): Promise<Dialect[]> {
  if (process.env.DATABASE_URL) return ["pglite", "postgres"];
  return (await portAnswers("127.0.0.1", 5432)) ? ["pglite", "postgres"] : ["pglite"];
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "pglite") {
    const image = await migratedImage();
    try {
      return await withReset(await createDb({ image }));
    } catch {
      // An image that does not open (a file cut short): the database is made and migrated anew.
      return await withReset(await createDb({}));
    }
  }
  const adminUrl = process.env.DATABASE_URL ?? localPostgres;
  const name = `vitrine_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  return await withReset({
    ...handle,
    databaseUrl: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  });
}

/**
 * The migrated, empty schema as an image of a PGlite data folder: the template a new store's
 * folder starts from (decision 0048), made here when the build has not made it yet. A test database
 * starts from it in about 0.6 s, where creating and migrating one takes about 3 s.
 */
let imageOnce: Promise<Blob> | undefined;
export function migratedImage(): Promise<Blob> {
  imageOnce ??= pgliteTemplate();
  return imageOnce;
}

/**
 * `reset` empties every table and puts back the rows the migrations wrote (the shipping zone for
 * the rest of the world and its methods, the tax classes WooCommerce starts with): the migrated
 * state every test starts from, read once when the database is made.
 */
async function withReset(handle: DbHandle & { databaseUrl?: string }): Promise<TestDatabase> {
  const tables = (
    await selectRows<{ tablename: string }>(
      handle.db,
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((row) => row.tablename);
  const seeded: Array<{ table: string; rows: unknown; serialId: boolean }> = [];
  for (const table of tables) {
    const [found] = await selectRows<{ rows: unknown; serial: string | null }>(
      handle.db,
      sql.raw(
        `select json_agg(t) as rows, (select pg_get_serial_sequence('"${table}"', column_name) from information_schema.columns where table_schema = 'public' and table_name = '${table}' and column_name = 'id') as serial from "${table}" t`,
      ),
    );
    if (found?.rows) seeded.push({ table, rows: found.rows, serialId: found.serial !== null });
  }
  return {
    ...handle,
    async reset() {
      if (tables.length === 0) return;
      const truncate = sql.raw(
        `truncate ${tables.map((table) => `"${table}"`).join(", ")} restart identity cascade`,
      );
      // Work a test left running after its answer (a mail sent after an order's change, as on the
      // server) may still hold a table the truncate wants while waiting for one it took: PostgreSQL
      // then ends one of the two as a deadlock. The truncate, if it is the one, is tried again once
      // that work has gone on.
      for (let attempt = 1; ; attempt++) {
        try {
          await handle.db.execute(truncate);
          break;
        } catch (error) {
          if (attempt >= 5 || !isDeadlock(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
      if (seeded.length === 0) return;
      await handle.db.transaction(async (tx) => {
        // The rows go back in any order: their references held when the migrations wrote them.
        await tx.execute(sql`set local session_replication_role = replica`);
        for (const { table, rows, serialId } of seeded) {
          await tx.execute(
            sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
          );
          // Ids the migrations gave stay taken: the table's sequence goes on after them.
          if (serialId)
            await tx.execute(
              sql.raw(
                `select setval(pg_get_serial_sequence('"${table}"', 'id'), greatest((select max(id) from "${table}"), 1))`,
              ),
            );
        }
      });
    },
  };
}

/** PostgreSQL's deadlock error (40P01), as thrown or as the cause of Drizzle's "Failed query". */
function isDeadlock(error: unknown): boolean {
  for (let at: unknown = error; at instanceof Error; at = at.cause)
    if ((at as Error & { code?: string }).code === "40P01") return true;
  return false;
}

function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Statements as `recordStatements` keeps them: the SQL text, in the order they were sent. */
export type StatementRecord = { statements: string[]; stop(): void };

/**
 * The statements `db` sends from now until `stop()`, for a test that holds a use case to its round
 * trips. Transaction control (begin, commit, rollback) is left out: PGlite sends its own, unseen.
 * It is Drizzle's query logger, set on the database's session and on the options its transactions'
 * sessions are made from; a Drizzle that stops reading them there records nothing, and the test
 * that counts fails.
 */
export function recordStatements(db: Database): StatementRecord {
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const previous = { logger: session.logger, options: session.options.logger };
  const statements: string[] = [];
  const recorder: Logger = {
    logQuery(query) {
      if (!/^\s*(begin|commit|rollback)\b/i.test(query)) statements.push(query);
    },
  };
  session.logger = recorder;
  session.options.logger = recorder;
  return {
    statements,
    stop() {
      session.logger = previous.logger;
      session.options.logger = previous.options;
    },
  };
}
