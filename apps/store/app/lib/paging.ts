/**
 * The back office's numbered lists: the page an address asks for (`?page=`, from 1; anything else
 * is 1; at most `max`), and how many pages a list of `total` makes (at least one, even when empty).
 */
export function pageNumber(value: string | null, max = 1_000_000): number {
  return Math.min(Math.max(1, Number.parseInt(value ?? "1", 10) || 1), max);
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
