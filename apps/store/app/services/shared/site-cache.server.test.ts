import { describe, expect, it } from "vitest";
import { SiteCache } from "./site-cache.server.ts";

describe("SiteCache", () => {
  it("loads a key once, again after clear(), and forgets a failed load", async () => {
    const cache = new SiteCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("menu:en", load), cache.get("menu:en", load)])).toEqual([1, 1]);
    expect(await cache.get("menu:es", load)).toBe(2);
    cache.clear();
    expect(await cache.get("menu:en", load)).toBe(3);

    await expect(cache.get("broken", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("broken", load)).toBe(4);
  });

  it("keeps at most its bound, letting the oldest entry go", async () => {
    const cache = new SiteCache(2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    expect(await cache.get("c", load)).toBe(3);
    expect(await cache.get("a", load)).toBe(4);
  });

  it("loads the ids it lacks in one call, keeps what it may, and keeps nothing loaded across a clear()", async () => {
    const cache = new SiteCache();
    const calls: number[][] = [];
    const load = async (ids: number[]) => {
      calls.push(ids);
      return new Map(ids.map((id) => [id, { id, ready: id !== 3 }]));
    };
    const keep = (value: { ready: boolean }) => value.ready;
    expect([...(await cache.many("image:en:", [1, 2, 3], load, keep)).keys()]).toEqual([1, 2, 3]);
    expect([...(await cache.many("image:en:", [2, 1, 3, 4], load, keep)).keys()].sort()).toEqual([
      1, 2, 3, 4,
    ]);
    // 3 was not ready, so it is read again; 1 and 2 were kept.
    expect(calls).toEqual([
      [1, 2, 3],
      [3, 4],
    ]);

    let release = () => {};
    const slow = (ids: number[]) =>
      new Promise<Map<number, { id: number; ready: boolean }>>((resolve) => {
        release = () => resolve(new Map(ids.map((id) => [id, { id, ready: true }])));
      });
    const during = cache.many("image:es:", [7], slow, keep);
    await Promise.resolve();
    cache.clear();
    release();
    expect((await during).get(7)).toEqual({ id: 7, ready: true });
    calls.length = 0;
    await cache.many("image:es:", [7], load, keep);
    expect(calls).toEqual([[7]]);
  });
});
