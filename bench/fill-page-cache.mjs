// Fills the store's page cache to its bound (PAGE_CACHE_MB, in every worker) with distinct guest
// pages, as browsers ask for them (compressed), so the memory read after it is the memory of a full
// cache (issue 45). The cache's own figure comes from /metrics (`vitrine_page_cache_bytes`, summed
// over a cluster's workers).

const BATCH = 100;
const MAX_PAGES = 6_000;

async function cacheBytes(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return [...text.matchAll(/^vitrine_page_cache_bytes(?:\{[^}]*\})? (\d+(?:\.\d+)?(?:e\+\d+)?)$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

/** Asks for distinct listing pages in batches until a batch no longer grows the cache by 1 %. */
export async function fillPageCache(base) {
  let pages = 0;
  let bytes = await cacheBytes(base);
  while (pages < MAX_PAGES) {
    const requests = Array.from({ length: BATCH }, (_, i) => `${base}/shop?fill=${pages + i}`);
    pages += BATCH;
    for (let i = 0; i < requests.length; i += 10) {
      await Promise.all(
        requests
          .slice(i, i + 10)
          .map((url) =>
            fetch(url, { headers: { "Accept-Encoding": "br, gzip" } }).then((response) =>
              response.arrayBuffer(),
            ),
          ),
      );
    }
    // The last pages' compression finishes off the request's thread.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await cacheBytes(base);
    if (now < bytes * 1.01) return { pages, bytes: now };
    bytes = now;
  }
  return { pages, bytes };
}
