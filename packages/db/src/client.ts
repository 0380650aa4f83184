import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { DatabaseOpenError } from "./database-open-error.ts";
import { acquireDirectoryLock } from "./lock.ts";
import { openPgliteFolder, pgliteOptions } from "./pglite-open.ts";
import { startPgliteThread } from "./pglite-thread-client.ts";
import { prepareStatements } from "./preparing-pglite.ts";
import * as schema from "./schema/index.ts";
import { migrationsFolder, readTemplate, TEMPLATE_DIR, writeTemplate } from "./template.ts";
import { takeTurns } from "./turns.ts";

export { migrationsFolder };

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a transaction callback receives; it has the same query API as the database. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Dialect = "pglite" | "postgres";

export type DbHandle = {
  db: Database;
  dialect: Dialect;
  /** A short, secret-free description for logs: the data folder or host/database. */
  describe: string;
  /** Checkpoint (PGlite), then close connections and release the data folder. */
  close(): Promise<void>;
  /** PostgreSQL's connection pool as it stands: connections open, idle, and requests waiting for one. */
  poolUse?: () => { total: number; idle: number; waiting: number };
};

/**
 * Told of each statement as it starts, with its text; the function it answers is called as the
 * statement ends (failed or not). On PGlite a transaction is one statement, its text "transaction".
 */
export type StatementObserver = (text: string) => (failed: boolean) => void;

// Defined apart so that lock.ts, which this module imports, can throw it without an import cycle.
export { DatabaseOpenError };

export type CreateDbOptions = {
  /** `postgres://…` to use PostgreSQL; unset to use PGlite. */
  databaseUrl?: string | undefined;
  /**
   * Statements are prepared once and then only bound and executed (default true): on PostgreSQL
   * each connection prepares the parametrised statements it sends (decision 0072; off behind a
   * pooler that cannot keep a connection's statements), and PGlite prepares every statement
   * (decision 0078).
   */
  preparedStatements?: boolean;
  /** Folder for the PGlite files; in memory when unset and no databaseUrl is given. */
  dataDir?: string | undefined;
  /** Apply the committed migrations before returning (default true). */
  migrate?: boolean;
  /**
   * PGlite in memory only: start from this image of a data folder (`dumpDataDir`) instead of an
   * empty one. The test databases start from an image of the migrated schema (`testing.ts`).
   */
  image?: Blob | undefined;
  /**
   * PGlite in a folder: where a new database's template is looked for (decision 0048); the database
   * package's `.cache` unless a test says otherwise.
   */
  templateDir?: string;
  /**
   * The built `pglite-thread` module: PGlite on a data folder then runs on a thread of its own
   * (decision 0086), not the caller's. Unset: on the caller's thread (tests, command-line tools).
   */
  thread?: URL | undefined;
  /** Times the statements (a server's metrics and slow requests); none when unset. */
  observeStatement?: StatementObserver | undefined;
};

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.preparedStatements ?? true, options.observeStatement)
    : await openPglite(
        options.dataDir,
        options.image,
        options.templateDir ?? TEMPLATE_DIR,
        options.preparedStatements ?? true,
        options.observeStatement,
        options.thread,
      );
  if (options.migrate !== false) {
    try {
      await handle.migrate();
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

async function openPglite(
  dataDir: string | undefined,
  image: Blob | undefined,
  templateDir: string,
  preparedStatements: boolean,
  observeStatement: StatementObserver | undefined,
  thread: URL | undefined,
): Promise<DbHandle & { migrate(): Promise<void> }> {
  let release = async () => {};
  let client: PGlite;
  let served: PGlite;
  // Only a data folder's database goes to a thread; one in memory stays with its caller.
  const onThread = thread !== undefined && dataDir !== undefined;
  if (dataDir) {
    const folder = path.resolve(dataDir, "pglite");
    mkdirSync(folder, { recursive: true });
    release = await acquireDirectoryLock(dataDir);
    try {
      client = onThread
        ? ((await startPgliteThread(thread as URL, {
            folder,
            templateDir,
            preparedStatements,
          })) as unknown as PGlite)
        : await openPgliteFolder(folder, templateDir);
    } catch (error) {
      await release();
      throw new DatabaseOpenError(
        `Cannot open the embedded database in ${folder}: ${(error as Error).message}`,
      );
    }
  } else {
    client = await PGlite.create({ ...pgliteOptions, loadDataDir: image });
  }
  if (onThread) {
    // On its own thread (decision 0086): statements are prepared there, and each answer is a
    // message, so the event loop turns between statements without being asked to.
    served = client;
  } else {
    if (preparedStatements) prepareStatements(client);
    served = takeTurns(client);
  }
  if (observeStatement) observePglite(served, observeStatement);
  const db = drizzlePglite({ client: served, schema }) as unknown as Database;
  return {
    db,
    dialect: "pglite",
    describe: dataDir ? `PGlite in ${path.resolve(dataDir, "pglite")}` : "PGlite in memory",
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    async close() {
      try {
        // The thread's close makes the checkpoint itself.
        if (onThread) await client.close();
        else if (!client.closed) {
          if (dataDir) await client.exec("CHECKPOINT");
          await client.close();
        }
      } finally {
        await release();
      }
    },
  };
}

/** An image of a new PGlite database in memory with the migrations applied, for `createDb`'s `image`. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create(pgliteOptions);
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

/**
 * The template a new PGlite data folder starts from (decision 0048): the kept one, else made now from
 * the migrations and kept. The build and the test databases both come here.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const kept = readTemplate();
  if (kept) return kept;
  const image = await migratedPgliteImage();
  writeTemplate(Buffer.from(await image.arrayBuffer()));
  return image;
}

/** Named statements each connection keeps at most; past it, a statement is sent unnamed as before. */
const PREPARED_PER_CONNECTION = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A connection that prepares each parametrised statement once (decision 0072): node-postgres sends a
 * named statement's text and PostgreSQL plans it the first time only, then binds and executes; an
 * unnamed one is parsed and planned on every call, which was most of a cart read's cost. The name
 * is the text's hash, so the same statement has the same name on every connection. Statements
 * without parameters (`begin`, migrations) go unnamed. The store's `PG_PREPARED_STATEMENTS=off`
 * turns it off, for a pooler in transaction mode (PgBouncer before 1.21), which cannot keep a
 * connection's statements.
 */
class PreparingClient extends pg.Client {
  readonly #names = new Set<string>();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded many ways; this passes them through.
  override query(config: any, values?: any, callback?: any): any {
    if (
      typeof config === "object" &&
      config !== null &&
      typeof config.text === "string" &&
      config.name === undefined &&
      Array.isArray(config.values ?? values) &&
      (config.values ?? values).length > 0 &&
      PREPARABLE.test(config.text)
    ) {
      const name = `v_${createHash("sha1").update(config.text).digest("base64url")}`;
      if (this.#names.has(name) || this.#names.size < PREPARED_PER_CONNECTION) {
        this.#names.add(name);
        config = { ...config, name };
      }
    }
    return super.query(config, values, callback);
  }
}

/**
 * PGlite's statements timed as they are sent: `query` and `exec`, and a transaction as one (the
 * statements inside go through its own object).
 */
function observePglite(client: PGlite, observe: StatementObserver): void {
  for (const name of ["query", "exec", "transaction"] as const) {
    const method = client[name] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        const done = observe(name === "transaction" ? "transaction" : String(args[0]));
        const result = method.apply(client, args);
        result.then(
          () => done(false),
          () => done(true),
        );
        return result;
      },
    });
  }
}

/** A connection class whose statements are timed as they are sent, in both of pg's call forms. */
function observingClient(Base: typeof pg.Client, observe: StatementObserver): typeof pg.Client {
  return class ObservingClient extends Base {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded many ways; this passes them through.
    override query(config: any, values?: any, callback?: any): any {
      // A cursor or stream (a "submittable") runs on its own time: not timed.
      if (typeof config?.submit === "function") return super.query(config, values, callback);
      const done = observe(typeof config === "string" ? config : String(config?.text ?? ""));
      const given = typeof values === "function" ? values : callback;
      if (typeof given === "function") {
        const told = (error: unknown, result: unknown) => {
          done(Boolean(error));
          given(error, result);
        };
        return typeof values === "function" ? super.query(config, told) : super.query(config, values, told);
      }
      const result = super.query(config, values);
      result.then(
        () => done(false),
        () => done(true),
      );
      return result;
    }
  };
}

async function openPostgres(
  databaseUrl: string,
  preparedStatements: boolean,
  observeStatement: StatementObserver | undefined,
): Promise<DbHandle & { migrate(): Promise<void> }> {
  const url = new URL(databaseUrl);
  const describe = `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5000,
    max: 10,
    Client: observeStatement
      ? observingClient(preparedStatements ? PreparingClient : pg.Client, observeStatement)
      : preparedStatements
        ? PreparingClient
        : pg.Client,
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(
      `Cannot connect to ${describe}: ${(error as Error).message || String(error)}`,
    );
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    dialect: "postgres",
    describe,
    async migrate() {
      // Several app servers may start at once against one database: one migrates, the others wait.
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock(7261001)");
        await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
      } finally {
        await connection.query("select pg_advisory_unlock(7261001)").catch(() => {});
        connection.release();
      }
    },
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function selectRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

let committed: number | undefined;

/** Whether the database has every migration this build carries (a readiness check). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  committed ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    }
  ).entries.length;
  const [row] = await selectRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return (row?.applied ?? 0) >= committed;
}
