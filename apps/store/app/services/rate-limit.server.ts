/**
 * A fixed-window counter kept in memory: enough to slow password guessing on one server. Several
 * servers each count on their own, which still bounds the rate per server.
 */
export class RateLimiter {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when the key has used up its attempts for this window. */
  attempt(key: string): boolean {
    const time = this.now();
    const entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= time) {
      this.#hits.set(key, { count: 1, resetAt: time + this.windowMs });
      this.#sweep(time);
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  #sweep(time: number): void {
    if (this.#hits.size < 10_000) return;
    for (const [key, entry] of this.#hits) if (entry.resetAt <= time) this.#hits.delete(key);
  }
}
