import { SiteCache } from "./site-cache.server.ts";

/** A site cache that records the keys and prefixes it was asked for, so a test sees what a use case read through it. */
export class RecordingSiteCache extends SiteCache {
  readonly asked: string[] = [];

  override get<T>(key: string, load: () => Promise<T>): Promise<T> {
    this.asked.push(key);
    return super.get(key, load);
  }

  override many<T>(
    prefix: string,
    ids: readonly number[],
    load: (ids: number[]) => Promise<Map<number, T>>,
    keep: (value: T) => boolean,
  ): Promise<Map<number, T>> {
    this.asked.push(prefix);
    return super.many(prefix, ids, load, keep);
  }
}
