/**
 * A `DataTable`'s selection and sorting as pure rules (issue 38): which rows are ticked, and the
 * address a sortable header links to.
 */

/** The keys of the ticked rows. */
export type Selection = ReadonlySet<string>;

/** The selection after one row's checkbox is ticked or cleared. */
export function nextSelection(selected: Selection, key: string, checked: boolean): Selection {
  const next = new Set(selected);
  if (checked) next.add(key);
  else next.delete(key);
  return next;
}

/**
 * A sortable column in an address-driven list (`?orderby=…&order=asc|desc`): how the list is
 * sorted by it now, and the address that sorts by it (the other way if it is the current column,
 * else ascending). The page resets to the first.
 */
export function sortColumn(
  path: string,
  params: Record<string, string | number | undefined>,
  column: string,
  current: { orderby: string; order: "asc" | "desc" },
): { href: string; direction: "ascending" | "descending" | "none" } {
  const active = current.orderby === column;
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  query.delete("page");
  query.set("orderby", column);
  query.set("order", active && current.order === "asc" ? "desc" : "asc");
  return {
    href: `${path}?${query.toString()}`,
    direction: active ? (current.order === "asc" ? "ascending" : "descending") : "none",
  };
}
