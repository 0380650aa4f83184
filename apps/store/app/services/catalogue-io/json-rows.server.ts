import type { Transaction } from "@vitrine/db";
import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * Many rows inserted from one JSON parameter (`insert … select … from jsonb_to_recordset`), for the
 * import's batches (decision 0074). A values list of 250 rows is thousands of parameters, each
 * checked and bound by the query builder (it was the import's busiest code); one JSON text is one
 * parameter, and the statement's text is the same whatever the batch's size, so it is prepared
 * once. Every row must name the same columns (the first row's); a column left out takes its default.
 */
export async function insertRows<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: ReadonlyArray<T["$inferInsert"]>,
  tail?: SQL,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!).filter((key) => key in columns);
  const names = keys.map((key) => sql.identifier(columns[key]!.name));
  const typed = keys.map((key) => {
    const column = columns[key]!;
    const type = column.getSQLType().replace(/^serial$/, "integer");
    return sql`${sql.identifier(column.name)} ${sql.raw(type)}`;
  });
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(keys.map((key) => [columns[key]!.name, jsonValue(row[key as keyof typeof row])])),
    ),
  );
  await tx.execute(sql`
    insert into ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)})
    select ${sql.join(names, sql`, `)} from jsonb_to_recordset(${json}::jsonb) as v(${sql.join(typed, sql`, `)})
    ${tail ?? sql``}`);
}

const jsonValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
