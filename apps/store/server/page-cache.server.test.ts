import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { RESERVED_PAGE_SLUGS } from "../app/lib/page-blocks.ts";
import { TAX_SETTINGS_DEFAULTS } from "../app/lib/tax-settings.ts";
import type { TaxRate } from "../app/lib/totals/totals-types.ts";
import { listenOnLoopback } from "../app/services/shared/loopback-server.test-helper.ts";
import {
  displayVariantKey,
  shopperTaxLocation,
  TAX_LOCATION_COOKIE,
} from "../app/services/taxes/shown-prices.server.ts";
import { isSharedPagePath, PageCache } from "./page-cache.server.ts";

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A shop page whose rendering waits for `release()`, behind a page cache for the server's own host
 * (the cache keeps only pages asked for under the store's host, known once it listens).
 */
async function storeWithSlowPage() {
  let arrived = 0;
  let renders = 0;
  const waiting: Array<() => void> = [];
  let cache = new PageCache(1 << 20, "");
  const app = express();
  app.use((_req, _res, next) => {
    arrived++;
    next();
  });
  app.use((req, res, next) => cache.middleware()(req, res, next));
  app.get("/shop", async (_req, res) => {
    renders++;
    const rendered = renders;
    await new Promise<void>((resolve) => waiting.push(resolve));
    res.type("html").send(`render ${rendered}`);
  });
  const server = await listenOnLoopback(app);
  servers.push(server);
  const { port } = server;
  cache = new PageCache(1 << 20, `127.0.0.1:${port}`);
  return {
    cache,
    get: (init?: RequestInit) => fetch(`http://127.0.0.1:${port}/shop`, init),
    /** Lets every render under way finish. */
    released: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
    /** Requests that reached the cache (it answers, waits or renders in the same tick). */
    arrived: () => arrived,
    started: () => renders,
  };
}

describe("PageCache", () => {
  it("keeps a page, but not one whose rendering began before the cache was emptied", async () => {
    const shop = await storeWithSlowPage();

    // Rendered, then the cache is emptied (a change), then the render finishes: served, not kept.
    const first = shop.get();
    await expect.poll(() => shop.started()).toBe(1);
    shop.cache.clear();
    shop.released();
    expect(await (await first).text()).toBe("render 1");

    const second = shop.get();
    await expect.poll(() => shop.started()).toBe(2);
    shop.released();
    const answer = await second;
    expect(answer.headers.get("x-page-cache")).toBe("MISS");
    expect(await answer.text()).toBe("render 2");

    // Nothing was emptied during that render: the next request is served from the cache.
    const third = await shop.get();
    expect(third.headers.get("x-page-cache")).toBe("HIT");
    expect(await third.text()).toBe("render 2");
    expect(shop.started()).toBe(2);
  });

  it("renders a page once for the shoppers who ask for it while it is being rendered", async () => {
    const shop = await storeWithSlowPage();
    const answers = [shop.get(), shop.get(), shop.get()];
    await expect.poll(() => shop.arrived()).toBe(3);
    expect(shop.started()).toBe(1);
    shop.released();

    const served = await Promise.all(
      answers.map(async (answer) => [
        (await answer).headers.get("x-page-cache"),
        await (await answer).text(),
      ]),
    );
    expect(served.sort()).toEqual([
      ["HIT", "render 1"],
      ["HIT", "render 1"],
      ["MISS", "render 1"],
    ]);
    expect(shop.started()).toBe(1);
  });

  it("renders a page again for those who waited on a render that was not kept", async () => {
    const shop = await storeWithSlowPage();
    // A change empties the cache while the page is rendered: those waiting must not get that page.
    const first = shop.get();
    const second = shop.get();
    await expect.poll(() => shop.arrived()).toBe(2);
    shop.cache.clear();
    shop.released();
    expect(await (await first).text()).toBe("render 1");
    await expect.poll(() => shop.started()).toBe(2);
    shop.released();
    const again = await second;
    expect(again.headers.get("x-page-cache")).toBe("MISS");
    expect(await again.text()).toBe("render 2");

    // The shopper whose render it was leaves before it ends: the one waiting has it rendered.
    shop.cache.clear();
    const leaving = new AbortController();
    const left = shop.get({ signal: leaving.signal }).catch(() => "left");
    const staying = shop.get();
    await expect.poll(() => shop.arrived()).toBe(4);
    expect(shop.started()).toBe(3);
    leaving.abort();
    expect(await left).toBe("left");
    await expect.poll(() => shop.started()).toBe(4);
    shop.released();
    expect(await (await staying).text()).toBe("render 4");
  });

  it("drops exactly the pages that show a purged tag (and untagged ones), and names its tags for CDNs", async () => {
    let cache = new PageCache(1 << 20, "");
    const renders: Record<string, number> = {};
    const app = express();
    app.use((req, res, next) => cache.middleware()(req, res, next));
    // Each product page shows itself; the shop shows both; the home page names nothing.
    const page = (path: string, tags: string[]) =>
      app.get(path, (_req, res) => {
        for (const tag of tags) (res.locals.pageTags as Set<string>).add(tag);
        renders[path] = (renders[path] ?? 0) + 1;
        res.type("html").send(`${path} ${renders[path]}`);
      });
    page("/product/a", ["product-1"]);
    page("/product/b", ["product-2"]);
    page("/shop", ["listing", "product-1", "product-2"]);
    page("/", []);
    const server = await listenOnLoopback(app);
    servers.push(server);
    cache = new PageCache(1 << 20, `127.0.0.1:${server.port}`);
    const get = (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);
    const paths = ["/product/a", "/product/b", "/shop", "/"];

    const first = await get("/shop");
    expect(first.headers.get("surrogate-key")).toBe("listing product-1 product-2");
    for (const path of paths) await get(path);
    for (const path of paths) expect((await get(path)).headers.get("x-page-cache")).toBe("HIT");

    cache.purge(["product-1"]);
    const after = Object.fromEntries(
      await Promise.all(paths.map(async (path) => [path, (await get(path)).headers.get("x-page-cache")])),
    );
    expect(after).toEqual({ "/product/a": "MISS", "/product/b": "HIT", "/shop": "MISS", "/": "MISS" });
    // A page replayed from the cache names its tags too.
    expect((await get("/product/b")).headers.get("surrogate-key")).toBe("product-2");
  });

  it("is bounded in bytes, keeps the compressed forms it sends, and makes the plain body again only when asked", async () => {
    // Product pages of about 200 KB each, compressible to a few KB; a bound that holds one of them
    // as rendered, and others beside it once they are compressed.
    const page = (name: string) => `<p>${name}</p>${"<div class='row'>product row</div>".repeat(6_000)}`;
    const plainBytes = Buffer.byteLength(page("/product/a"));
    let cache = new PageCache(Math.round(plainBytes * 1.5), "");
    const app = express();
    app.use((req, res, next) => cache.hits(() => false)(req, res, next));
    app.use(compression());
    app.use((req, res, next) => cache.middleware()(req, res, next));
    app.get("/product/:name", (req, res) => res.type("html").send(page(req.path)));
    const server = await listenOnLoopback(app);
    servers.push(server);
    cache = new PageCache(Math.round(plainBytes * 1.5), `127.0.0.1:${server.port}`);
    const get = async (path: string, encoding: string) => {
      const { headers, body } = await rawGet(server.port, path, { "accept-encoding": encoding });
      return {
        cached: String(headers["x-page-cache"]),
        encoding: String(headers["content-encoding"] ?? "identity"),
        body,
      };
    };

    // Rendered and kept: once both compressed forms are ready, the body as rendered is let go.
    await get("/product/a", "br");
    await expect.poll(() => cache.bytes).toBeLessThan(plainBytes / 4);
    const compressed = cache.bytes;
    const br = await get("/product/a", "br");
    expect([br.cached, br.encoding]).toEqual(["HIT", "br"]);
    expect(brotliDecompressSync(br.body).toString()).toBe(page("/product/a"));

    // Asked for as it is: made from the gzip form, the same bytes, and kept from then on.
    const plain = await get("/product/a", "identity");
    expect([plain.cached, plain.encoding]).toEqual(["HIT", "identity"]);
    expect(plain.body.toString()).toBe(page("/product/a"));
    expect(cache.bytes).toBe(compressed + plainBytes);

    // Two more pages, each kept as rendered until compressed: the bound holds at every step, and the
    // least recently used page goes first (the one kept as rendered too, to make room for b).
    await get("/product/b", "gzip");
    await expect.poll(() => cache.bytes).toBeLessThan(plainBytes / 2);
    expect(cache.bytes).toBeLessThanOrEqual(Math.round(plainBytes * 1.5));
    await get("/product/c", "gzip");
    expect(cache.bytes).toBeLessThanOrEqual(Math.round(plainBytes * 1.5));
    expect((await get("/product/b", "gzip")).cached).toBe("HIT");
    expect((await get("/product/c", "gzip")).cached).toBe("HIT");
    expect((await get("/product/a", "gzip")).cached).toBe("MISS");
  });

  it("keeps one page per display variant of the prices: shared by places with the same rates (decision 0071)", async () => {
    // Prices shown with tax; the base (Spain) and Portugal have rates of their own, the rest none.
    const settings = {
      taxes: { ...TAX_SETTINGS_DEFAULTS, displayShop: "incl" as const },
      address: {
        line1: "",
        line2: "",
        city: "Madrid",
        state: "M",
        postcode: "28001",
        country: "ES" as const,
      },
    };
    const rates: TaxRate[] | undefined = [
      { id: 1, class: "", country: "ES", state: "", postcodes: [], cities: [], rate: "21.0000" },
      { id: 2, class: "", country: "PT", state: "", postcodes: [], cities: [], rate: "23.0000" },
    ].map((rate) => ({ ...rate, name: "VAT", priority: 1, compound: false, shipping: true, order: 0 }));
    let ratesRead = false;
    const variant = (cookies: Record<string, string | undefined>) =>
      displayVariantKey(settings, ratesRead ? rates : undefined, shopperTaxLocation(settings, cookies));
    let cache = new PageCache(1 << 20, "", undefined, variant);
    let renders = 0;
    const app = express();
    app.use((req, res, next) => cache.middleware()(req, res, next));
    app.get("/shop", (_req, res) => {
      renders++;
      res.type("html").send(`render ${renders}`);
    });
    const server = await listenOnLoopback(app);
    servers.push(server);
    cache = new PageCache(1 << 20, `127.0.0.1:${server.port}`, undefined, variant);
    const get = async (place?: string) => {
      const answer = await fetch(`http://127.0.0.1:${server.port}/shop`, {
        headers: place ? { Cookie: `${TAX_LOCATION_COOKIE}=${encodeURIComponent(place)}` } : {},
      });
      return `${answer.headers.get("x-page-cache")} ${await answer.text()}`;
    };

    // Before the rates are read, a shopper away from the base gets a page of their own (private), not kept.
    expect(await get("PT|||")).toBe("null render 1");
    expect(cache.size).toBe(0);
    ratesRead = true;

    // No cookie is the base; a place with the base's rates shares the base's page.
    expect(await get()).toBe("MISS render 2");
    expect(await get("ES|B|08001|BARCELONA")).toBe("HIT render 2");
    // Lisbon and Porto match the same rates: one page; Texas and Ohio none: another.
    expect(await get("PT||1000-001|LISBOA")).toBe("MISS render 3");
    expect(await get("PT||4000-001|PORTO")).toBe("HIT render 3");
    expect(await get("US|TX|73301|")).toBe("MISS render 4");
    expect(await get("US|OH|43004|")).toBe("HIT render 4");
    expect(await get()).toBe("HIT render 2");
    expect(cache.size).toBe(3);
  });
});

/** A GET over plain HTTP, bytes as sent (fetch would ask for and undo compression itself). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("PageCache.hits", () => {
  it("serves a kept page before the rest of the stack, compressed once in the encoding asked for", async () => {
    let cache = new PageCache(1 << 20, "");
    let closed = false;
    let throughStack = 0;
    const page = `<!DOCTYPE html><p>${"a shared page ".repeat(200)}</p>`;
    const app = express();
    app.use((req, res, next) => cache.hits(() => closed)(req, res, next));
    app.use((_req, _res, next) => {
      throughStack++;
      next();
    });
    app.use(compression());
    app.use((req, res, next) => cache.middleware()(req, res, next));
    app.get("/shop", (_req, res) => {
      res.setHeader("Content-Security-Policy", "script-src 'nonce-first'");
      res.type("html").send(page);
    });
    const server = await listenOnLoopback(app);
    servers.push(server);
    cache = new PageCache(1 << 20, `127.0.0.1:${server.port}`);
    const get = (headers?: Record<string, string>) => rawGet(server.port, "/shop", headers);

    expect((await get()).headers["x-page-cache"]).toBe("MISS");
    expect(throughStack).toBe(1);
    // Compressed beside the answer, off the main thread: served from the stack until it is ready.
    await expect
      .poll(async () => (await get({ "Accept-Encoding": "gzip, deflate, br" })).headers["content-encoding"])
      .toBe("br");
    await expect
      .poll(async () => (await get({ "Accept-Encoding": "gzip" })).headers["content-encoding"])
      .toBe("gzip");
    const before = throughStack;

    const br = await get({ "Accept-Encoding": "gzip, deflate, br" });
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = await get({ "Accept-Encoding": "gzip;q=1, br;q=0.5" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers["x-page-cache"]).toBe("HIT");
      expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(answer.headers["content-security-policy"]).toBe("script-src 'nonce-first'");
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    }
    expect(throughStack).toBe(before);

    // An encoding it did not keep, and a store showing only its coming-soon page, go through the stack.
    const deflate = await get({ "Accept-Encoding": "deflate" });
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    expect(deflate.headers["x-page-cache"]).toBe("HIT");
    expect(throughStack).toBe(before + 1);
    closed = true;
    await get();
    expect(throughStack).toBe(before + 2);
  });
});

describe("which pages are shared", () => {
  it.each([
    "/",
    "/shop",
    "/shop/page/2",
    "/product/mug",
    "/product-category/wool",
    "/about",
    "/about/",
    "/summer-sale-2025",
  ])("%s is one page for every shopper who is not staff", (path) => {
    expect(isSharedPagePath(path)).toBe(true);
  });

  it.each([
    "/cart",
    "/cart/",
    "/checkout",
    "/my-account",
    "/admin",
    "/language",
    "/store-notice",
    "/search",
    // The router matches these as the store's own pages: never the shared render.
    "/CART",
    "/c%61rt",
    "/My-Account",
    "/about/team",
    "/-x",
  ])("%s is rendered for its visitor alone", (path) => {
    expect(isSharedPagePath(path)).toBe(false);
  });

  it("takes no first segment of the store's own addresses for a content page", async () => {
    const { default: routes } = await import("../app/routes.ts");
    const firstSegments = routes
      .map((entry) => entry.path?.split("/")[0])
      .filter(
        (segment): segment is string => Boolean(segment) && !segment!.startsWith(":") && segment !== "*",
      );
    expect(firstSegments.length).toBeGreaterThan(10);
    for (const segment of firstSegments) {
      expect(RESERVED_PAGE_SLUGS, `the first segment of /${segment}`).toContain(segment);
      // The shop is a shared catalogue page; no other address of the store's is taken for a content page.
      expect(isSharedPagePath(`/${segment}`), `/${segment}`).toBe(segment === "shop");
    }
  });
});
