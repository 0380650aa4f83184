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
});
