/**
 * Numbered lists' pages: the first, the last, and `either` pages either side of `current`, in order
 * (WooCommerce's `paginate_links` shows a window the same way), and a page that alone would be left
 * out between them. A list of thousands of pages links a handful of them, not every one.
 */
export function pagesAround(current: number, pages: number, either = 2): number[] {
  const shown = new Set([1, pages]);
  for (let n = current - either; n <= current + either; n++) shown.add(n);
  const sorted = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  // A gap of one page is that page's link: an ellipsis would take as much room.
  return sorted.flatMap((n, index) => (sorted[index + 1] === n + 2 ? [n, n + 1] : [n]));
}

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

/**
 * A back-office list's page as its address asks for it (`param`, `?page=` unless said; at most
 * `max`): the page, the rows it reads, and how many pages a list of `total` makes.
 */
export function listPage(
  query: URLSearchParams,
  perPage: number,
  { param = "page", max }: { param?: string; max?: number } = {},
) {
  const page = pageNumber(query.get(param), max);
  return {
    page,
    rows: { limit: perPage, offset: (page - 1) * perPage },
    pages: (total: number) => pageCount(total, perPage),
  };
}
