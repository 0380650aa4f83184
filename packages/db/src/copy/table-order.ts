/** A foreign key: rows of `from` point at rows of `to`. */
export type Reference = { from: string; to: string };

export class TableCycleError extends Error {
  override name = "TableCycleError";
}

/**
 * The tables in an order where each comes after every table it references, so rows can be inserted
 * table by table without breaking a foreign key. A table referencing itself does not constrain the
 * order (its rows are the copier's problem); references to tables outside the list are ignored.
 * Among tables that are free at the same step the order is alphabetical, so it is stable.
 */
export function dependencyOrder(tables: readonly string[], references: readonly Reference[]): string[] {
  const pending = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { from, to } of references) {
    if (from !== to && pending.has(to)) pending.get(from)?.add(to);
  }
  const ordered: string[] = [];
  while (pending.size > 0) {
    const free = [...pending].filter(([, needs]) => needs.size === 0).map(([table]) => table);
    if (free.length === 0) {
      throw new TableCycleError(
        `Cannot order the tables ${[...pending.keys()].sort().join(", ")} for copying: their foreign keys form a cycle.`,
      );
    }
    for (const table of free.sort()) {
      ordered.push(table);
      pending.delete(table);
      for (const needs of pending.values()) needs.delete(table);
    }
  }
  return ordered;
}
