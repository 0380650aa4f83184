import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows, type Transaction } from "../client.ts";
import { dependencyOrder, type Reference } from "./table-order.ts";

export { TableCycleError } from "./table-order.ts";

/**
 * Copies every table of one migrated database into another, empty one of the same schema: how a
 * store moves from PGlite to PostgreSQL (`npm run db:copy`). Everything happens in one transaction
 * on the target, so a failure leaves it as empty as it was.
 */
export class TargetNotEmptyError extends Error {
  override name = "TargetNotEmptyError";
}

export type CopyOptions = {
  /** Rows read and written per statement. */
  batchSize?: number;
  /** Told as each table is done, before the commit: progress for long copies. */
  onTable?: (table: string, rows: number) => void;
};

export type CopiedTable = { table: string; rows: number };

type Column = { name: string; type: string };
type Table = { name: string; columns: Column[]; key: Column[] };
type ForeignKey = Reference & { name: string; definition: string };

/** Drizzle's record of applied migrations: the target's own migration already wrote it. */
const bookkeeping = new Set(["__drizzle_migrations"]);

/**
 * Tables whose first rows the migrations write (the rest of the world's shipping zone and its
 * methods, WooCommerce's starting tax classes, issue 41): a new target holds them already. The
 * source's rows replace them, since the source's owner may have changed them.
 */
export const SEEDED_BY_MIGRATIONS: ReadonlySet<string> = new Set([
  "shipping_zones",
  "shipping_zone_locations",
  "shipping_zone_methods",
  "tax_classes",
]);

export async function copyDatabase(
  source: Database,
  target: Database,
  options: CopyOptions = {},
): Promise<CopiedTable[]> {
  const batchSize = options.batchSize ?? 500;
  return target.transaction(async (tx) => {
    const foreignKeys = await readForeignKeys(tx);
    const tables = await readTables(tx, foreignKeys);
    await refuseIfNotEmpty(
      tx,
      tables.filter((table) => !SEEDED_BY_MIGRATIONS.has(table.name)),
    );
    // Children first, so that no reference is left dangling while they go.
    for (const table of tables.toReversed())
      if (SEEDED_BY_MIGRATIONS.has(table.name))
        await tx.execute(sql`delete from ${sql.identifier(table.name)}`);
    const copied = await checkingSelfReferencesLast(tx, foreignKeys, async () => {
      const done: CopiedTable[] = [];
      for (const table of tables) {
        const rows = await copyTable(source, tx, table, batchSize);
        options.onTable?.(table.name, rows);
        done.push({ table: table.name, rows });
      }
      return done;
    });
    await continueSequences(source, tx);
    return copied;
  });
}

/**
 * Table order satisfies references between tables, but not a row pointing at a later row of its own
 * table (a category whose parent was added after it). Those keys are dropped for the copy and added
 * back after it, which checks every row at once; all inside the transaction.
 */
async function checkingSelfReferencesLast<T>(
  tx: Transaction,
  foreignKeys: ForeignKey[],
  copy: () => Promise<T>,
): Promise<T> {
  const selfReferences = foreignKeys.filter((key) => key.from === key.to);
  for (const key of selfReferences) {
    await tx.execute(
      sql`alter table ${sql.identifier(key.from)} drop constraint ${sql.identifier(key.name)}`,
    );
  }
  const result = await copy();
  for (const key of selfReferences) {
    await tx.execute(
      sql`alter table ${sql.identifier(key.from)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
  return result;
}

async function readForeignKeys(tx: Transaction): Promise<ForeignKey[]> {
  return selectRows<ForeignKey>(
    tx,
    sql`select k.conname as name, pg_get_constraintdef(k.oid) as definition,
          src.relname as "from", dst.relname as "to"
        from pg_constraint k
        join pg_class src on src.oid = k.conrelid
        join pg_class dst on dst.oid = k.confrelid
        where k.contype = 'f' and src.relnamespace = 'public'::regnamespace
          and dst.relnamespace = 'public'::regnamespace
        order by src.relname, k.conname`,
  );
}

/** The public tables, referenced ones first, with the columns to copy and the primary key to page by. */
async function readTables(tx: Transaction, foreignKeys: Reference[]): Promise<Table[]> {
  const columns = await selectRows<{ table: string; column: string; type: string; keyPosition: number }>(
    tx,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type,
          coalesce((select k.position::int from unnest(i.indkey) with ordinality as k(attnum, position)
            where k.attnum = a.attnum), 0) as "keyPosition"
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_index i on i.indrelid = c.oid and i.indisprimary
        where n.nspname = 'public' and c.relkind = 'r' and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  const keys = new Map<string, { column: Column; position: number }[]>();
  for (const row of columns) {
    if (bookkeeping.has(row.table)) continue;
    const table = tables.get(row.table) ?? { name: row.table, columns: [], key: [] };
    tables.set(row.table, table);
    const column = { name: row.column, type: row.type };
    table.columns.push(column);
    if (row.keyPosition > 0)
      keys.set(row.table, [...(keys.get(row.table) ?? []), { column, position: row.keyPosition }]);
  }
  for (const table of tables.values()) {
    // Batches are read in primary-key order, which is what makes paging exact and cheap.
    const key = keys.get(table.name);
    if (!key) throw new Error(`The table ${table.name} has no primary key to copy it by.`);
    table.key = key.sort((a, b) => a.position - b.position).map((part) => part.column);
  }
  return dependencyOrder([...tables.keys()], foreignKeys).map((name) => tables.get(name)!);
}

async function refuseIfNotEmpty(tx: Transaction, tables: Table[]): Promise<void> {
  const filled: string[] = [];
  for (const table of tables) {
    const [row] = await selectRows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from ${sql.identifier(table.name)}) as found`,
    );
    if (row?.found) filled.push(table.name);
  }
  if (filled.length > 0) {
    const named =
      filled.length > 4
        ? `${filled.slice(0, 4).join(", ")} and ${filled.length - 4} more`
        : filled.join(", ");
    throw new TargetNotEmptyError(
      `The target database is not empty (rows in ${named}); copy into a new, empty database that the store has not been started on.`,
    );
  }
}

async function copyTable(
  source: Database,
  tx: Transaction,
  table: Table,
  batchSize: number,
): Promise<number> {
  let copied = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await readBatch(source, table, after, batchSize);
    if (batch.length === 0) return copied;
    await writeBatch(tx, table, batch);
    copied += batch.length;
    if (batch.length < batchSize) return copied;
    after = batch.at(-1)!.key;
  }
}

/**
 * Every value travels as its PostgreSQL text form (as COPY and pg_dump carry it), never as a
 * JavaScript value: microseconds, numerics, bigints and JSON `null` inside jsonb survive unchanged.
 * `after` is the previous batch's last primary key, as a JSON array of those texts.
 */
async function readBatch(
  source: Database,
  table: Table,
  after: string | undefined,
  limit: number,
): Promise<{ values: string; key: string }[]> {
  const key = sql.join(
    table.key.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const resume = after
    ? sql`where (${key}) > (${sql.join(
        table.key.map((column, index) =>
          fromText(sql`${after}::jsonb ->> ${sql.raw(String(index))}`, column),
        ),
        sql`, `,
      )})`
    : sql``;
  return selectRows(
    source,
    sql`select ${asTexts(table.columns)} as "values", ${asTexts(table.key)} as "key"
        from ${sql.identifier(table.name)} ${resume}
        order by ${key} limit ${limit}`,
  );
}

async function writeBatch(tx: Transaction, table: Table, batch: { values: string }[]): Promise<void> {
  const rows = `[${batch.map((row) => row.values).join(",")}]`;
  const names = sql.join(
    table.columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    table.columns.map((column, index) => fromText(sql`item ->> ${sql.raw(String(index))}`, column)),
    sql`, `,
  );
  // Ids are copied as they are: `overriding system value` lets them into `generated always as
  // identity` columns too, and is harmless on tables without one.
  await tx.execute(
    sql`insert into ${sql.identifier(table.name)} (${names}) overriding system value
        select ${values} from jsonb_array_elements(${rows}::jsonb) as batch(item)`,
  );
}

/** A JSON array of the columns' text forms, as text (null stays null). */
function asTexts(columns: Column[]): SQL {
  const texts = sql.join(
    columns.map((column) => sql`${sql.identifier(column.name)}::text`),
    sql`, `,
  );
  return sql`to_jsonb(array[${texts}]::text[])::text`;
}

function fromText(text: SQL, column: Column): SQL {
  return sql`(${text})::${sql.raw(column.type)}`;
}

/**
 * After copying ids as they were, each serial or identity sequence must hand out ids after them:
 * past the largest copied id, and past any id the source had already handed out (deleted rows).
 */
async function continueSequences(source: Database, tx: Transaction): Promise<void> {
  const sequences = await selectRows<{ table: string; column: string; sequence: string }>(
    tx,
    sql`select s.table, s.column, s.sequence from (
          select c.relname as "table", a.attname as "column",
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where n.nspname = 'public' and c.relkind = 'r'
        ) s where s.sequence is not null`,
  );
  for (const { table, column, sequence } of sequences) {
    if (bookkeeping.has(table)) continue;
    const [state] = await selectRows<{ next: string }>(
      source,
      sql`select (case when is_called then last_value + 1 else last_value end)::text as next
          from ${sql.raw(sequence)}`,
    );
    await tx.execute(
      sql`select setval(${sequence}::regclass, greatest(${state?.next ?? "1"}::bigint,
            coalesce((select max(${sql.identifier(column)})::bigint from ${sql.identifier(table)}), 0) + 1), false)`,
    );
  }
}
