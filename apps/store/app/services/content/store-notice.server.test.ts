import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { PageCache } from "../../../server/page-cache.server.ts";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { type LoopbackServer, listenOnLoopback } from "../shared/loopback-server.test-helper.ts";
import { storeNoticeCacheVariant, storeNoticeFor } from "./store-notice.server.ts";

const demo = parseStoreSettings({
  store_notice: { enabled: true, id: "sale-2", text: { en: "Sale this week", es: "Rebajas esta semana" } },
});

describe("the store notice", () => {
  it("is off in a fresh store", () => {
    const fresh = parseStoreSettings({});
    expect(fresh.store_notice.enabled).toBe(false);
    expect(storeNoticeFor(fresh, "en", {})).toBeNull();
  });

  it("shows in the page's language unless this browser dismissed this notice", () => {
    expect(storeNoticeFor(demo, "en", {})).toEqual({ id: "sale-2", text: "Sale this week" });
    expect(storeNoticeFor(demo, "es", {})).toEqual({ id: "sale-2", text: "Rebajas esta semana" });
    expect(storeNoticeFor(demo, "en", { "store_notice sale-2": "hidden" })).not.toBeNull();
    expect(storeNoticeFor(demo, "en", { "store_noticesale-2": "hidden" })).toBeNull();
    expect(storeNoticeFor(demo, "en", { "store_noticesale-2": "shown" })).not.toBeNull();
    // A new notice shows again to those who dismissed the old one.
    expect(storeNoticeFor(demo, "es", { "store_noticesale-1": "hidden" })?.id).toBe("sale-2");
  });

  it("falls back to English when the page's language has no text, and shows nothing without any", () => {
    const englishOnly = parseStoreSettings({
      store_notice: { enabled: true, id: "a", text: { en: "Hi", es: " " } },
    });
    expect(storeNoticeFor(englishOnly, "es", {})?.text).toBe("Hi");
    const empty = parseStoreSettings({ store_notice: { enabled: true, id: "a", text: { en: "", es: "" } } });
    expect(storeNoticeFor(empty, "en", {})).toBeNull();
  });

  it("refuses an id that could not be a cookie name, keeping the default", () => {
    expect(
      parseStoreSettings({ store_notice: { enabled: true, id: "a;b=c", text: { en: "x", es: "y" } } })
        .store_notice.id,
    ).toBe("1");
  });

  it("varies the shared page's cache key by shown or dismissed", () => {
    expect(storeNoticeCacheVariant(demo, {})).toBe("notice:sale-2");
    expect(storeNoticeCacheVariant(demo, { "store_noticesale-2": "hidden" })).toBe("notice:-");
    expect(storeNoticeCacheVariant(parseStoreSettings({}), {})).toBe("notice:-");
  });
});

describe("a shared page with the store notice in the page cache", () => {
  let server: LoopbackServer;
  let renders = 0;
  afterAll(() => server?.close());

  it("keeps one copy with the notice and one without, and serves each browser its own", async () => {
    let cache = new PageCache(1 << 20, "");
    const app = express();
    app.use((req, res, next) => cache.middleware()(req, res, next));
    app.get("/shop", (req, res) => {
      renders++;
      const cookies = Object.fromEntries(
        (req.headers.cookie ?? "").split("; ").map((pair) => pair.split("=") as [string, string]),
      );
      res.type("html").send(storeNoticeFor(demo, "en", cookies) ? "with notice" : "without notice");
    });
    server = await listenOnLoopback(app);
    cache = new PageCache(1 << 20, `127.0.0.1:${server.port}`, undefined, (cookies) =>
      storeNoticeCacheVariant(demo, cookies),
    );
    const get = async (cookie?: string) => {
      const answer = await fetch(`${server.origin}/shop`, { headers: cookie ? { cookie } : {} });
      return `${answer.headers.get("x-page-cache")} ${await answer.text()}`;
    };
    expect(await get()).toBe("MISS with notice");
    expect(await get("store_noticesale-2=hidden")).toBe("MISS without notice");
    expect(await get()).toBe("HIT with notice");
    expect(await get("store_noticesale-2=hidden; woocommerce_items_in_cart=1")).toBe("HIT without notice");
    expect(await get("store_noticesale-1=hidden")).toBe("HIT with notice");
    expect(renders).toBe(2);
  });
});
