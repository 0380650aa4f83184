/**
 * What every page shows and rarely changes (the menus, the search box's categories, the category
 * tree, the pictures' views) and what one cart looks like (its rendered fragments), made once per
 * process and language instead of on every request. Emptied whenever any process announces a change
 * that shows on pages (the change feed's `pages` and `settings`), as the page cache is.
 */
export class SiteCache {
  readonly #entries = new Map<string, Promise<unknown>>();
  /** Counts clear()s, so a load that a clear() overtook keeps nothing. */
  #generation = 0;

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
    this.#remember(key, loading);
    loading.catch(() => {
      if (this.#entries.get(key) === loading) this.#entries.delete(key);
    });
    return loading;
  }

  #remember(key: string, value: Promise<unknown>): void {
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /**
   * The values under `prefix` + each id: those kept come from memory, the others are loaded in one
   * call and kept where `keep` allows (a picture whose renditions are still being made is not). A
   * clear() during the load keeps none of them.
   */
  async many<T>(
    prefix: string,
    ids: readonly number[],
    load: (ids: number[]) => Promise<Map<number, T>>,
    keep: (value: T) => boolean,
  ): Promise<Map<number, T>> {
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const cached = this.#entries.get(prefix + id);
      if (cached) found.set(id, (await cached) as T);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.#generation;
    const loaded = await load(missing);
    for (const [id, value] of loaded) {
      found.set(id, value);
      if (generation === this.#generation && keep(value)) this.#remember(prefix + id, Promise.resolve(value));
    }
    return found;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
