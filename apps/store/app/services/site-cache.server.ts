/**
 * What every page shows and rarely changes (the menus, the search box's categories) and what one
 * cart looks like (its rendered fragments), made once per process and language instead of on every
 * request. Emptied whenever any process announces a change
 * that shows on pages (the change feed's `pages` and `settings`), as the page cache is.
 */
export class SiteCache {
  readonly #entries = new Map<string, Promise<unknown>>();

  /**
   * @param maxEntries the oldest entry goes past this many: per-cart entries (rendered fragments)
   *   come and go, while the few site-wide ones are simply loaded again when they return.
   */
  constructor(private readonly maxEntries = 5_000) {}

  /** The value under `key`, loaded once; a failed load is forgotten, so the next request tries again. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.#entries.get(key);
    if (cached) return cached as Promise<T>;
    // The promise is kept at once: requests arriving during the load share it, and a clear() during
    // the load drops it, so a value read before a change is never kept after it.
    const loading = load();
    this.#entries.set(key, loading);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    loading.catch(() => {
      if (this.#entries.get(key) === loading) this.#entries.delete(key);
    });
    return loading;
  }

  clear(): void {
    this.#entries.clear();
  }
}
