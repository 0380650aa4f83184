import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LANGUAGE_PARAMETER, requestLocale } from "../i18n/language.ts";
import { type FeedPhoto, PHOTO_FEED_ACTION } from "../lib/photo-feed.ts";
import { PhotoFeed } from "../services/content/photo-feed.server.ts";
import { encodePhotoFeedData } from "../services/content/photo-feed-data.server.ts";
import { insertAccount } from "../services/orders/order-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { RequestSession } from "../services/shared/session.server.ts";
import { testConfig, testContext } from "../services/shared/test-context.test-helper.ts";
import { mountCalls } from "./calls.server.ts";
import { callRegistry } from "./registry.server.ts";

const XSS = "<img src=x onerror=alert(1)>";
const INVALID = { success: false, data: "Invalid data", code: "invalid_data", message: "Invalid data" };

describe.each(await availableDialects())("the photo feed call on %s", (dialect) => {
  let database: TestDatabase;
  let store: LoopbackServer;
  let service: LoopbackServer;
  /** The photo service's answer to the next request. */
  let serviceAnswer: (res: express.Response) => void;
  let logged: string[] = [];
  const config = testConfig();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const graph = express();
    graph.get("/me/media", (_req, res) => serviceAnswer(res));
    service = await listenOnLoopback(graph);

    const logger = pino({ level: "warn" }, { write: (line: string) => logged.push(line) });
    // One per process, as the server makes it; cacheSeconds 0 so that each test's answer is asked for.
    const photoFeed = new PhotoFeed({ db: database.db, logger });
    const settings = {
      photo_feed: {
        provider: "graph",
        graph: { endpoint: service.origin, token: "secret-token", cacheSeconds: 0 },
      },
    };
    const app = express();
    mountCalls(app, callRegistry, (req) => ({
      ...testContext({
        db: database.db,
        config,
        settings,
        photoFeed,
        cookie: req.headers.cookie ?? null,
        locale: requestLocale(req.query[LANGUAGE_PARAMETER], undefined),
      }),
      logger,
    }));
    store = await listenOnLoopback(app);
  });
  afterAll(async () => {
    store?.close();
    service?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
    logged = [];
  });

  const feedCall = (query: string, init: RequestInit = {}) =>
    fetch(`${store.origin}/ajax?action=${PHOTO_FEED_ACTION}${query}`, init);
  const validData = `&data=${encodePhotoFeedData({ v: 1, limit: 4 })}`;

  async function signedIn(role: "customer" | "administrator" | "editor"): Promise<string> {
    const userId = await insertAccount(database.db, `${role}@example.com`, { role });
    const session = new RequestSession(database.db, config.sessionSecret, null, false);
    await session.login(userId, role === "customer" ? "customer" : "staff");
    return session.headers().get("Set-Cookie")!.split(";")[0]!;
  }

  it("answers the feed's HTML with its photos as JSON, escaping what the service wrote", async () => {
    serviceAnswer = (res) =>
      res.json({
        data: [
          {
            id: "17",
            caption: XSS,
            media_type: "IMAGE",
            media_url: `${service.origin}/p/17.jpg`,
            permalink: "https://social.example/p/17/",
          },
        ],
      });
    const answer = await feedCall(validData);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const body = (await answer.json()) as { success: boolean; data: string };
    expect(body.success).toBe(true);
    const html = body.data;
    expect(html).toMatch(/^<div class="photofeed" lang="en">/);
    expect(html).toContain('href="https://social.example/p/17/"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain("(opens in a new tab)");
    expect(html).not.toContain(XSS);
    expect(html).toContain("\\u003cimg src=x onerror=alert(1)\\u003e");
    const json = /<script type="application\/json" class="photofeed-data">(.*)<\/script><\/div>$/.exec(
      html,
    )?.[1];
    expect(JSON.parse(json!)).toEqual<FeedPhoto[]>([
      {
        id: "17",
        src: `${service.origin}/p/17.jpg`,
        sources: [],
        width: null,
        height: null,
        alt: XSS,
        link: "https://social.example/p/17/",
        linkIsImage: false,
      },
    ]);
  });

  it("renders an empty feed in the shopper's language", async () => {
    serviceAnswer = (res) => res.json({ data: [] });
    const answer = await feedCall(`${validData}&${LANGUAGE_PARAMETER}=es`);
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: string };
    expect(data).toContain('lang="es"');
    expect(data).toContain("Todavía no hay fotos.");
    expect(data).toContain('class="photofeed-data">[]</script>');
  });

  it.each([
    ["missing", ""],
    ["an array", `&data[]=${encodePhotoFeedData({ v: 1, limit: 4 })}`],
    ["an object", `&data[limit]=4`],
    ["repeated", `${validData}${validData}`],
    ["empty", "&data="],
    ["garbage", "&data=%3Cscript%3E"],
    ["base64url of something else", `&data=${Buffer.from('{"v":1,"limit":999}').toString("base64url")}`],
  ])("refuses block data that is %s with 400 Invalid data", async (_name, query) => {
    serviceAnswer = () => expect.fail("the service must not be asked");
    const answer = await feedCall(query);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(INVALID);
  });

  it("answers only GET", async () => {
    const answer = await feedCall(validData, { method: "POST" });
    expect(answer.status).toBe(405);
  });

  describe("when the photo service fails", () => {
    beforeEach(() => {
      serviceAnswer = (res) =>
        res
          .status(400)
          .json({ error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
    });

    it.each(["administrator", "editor"] as const)("tells an %s what the service said", async (role) => {
      const answer = await feedCall(validData, { headers: { Cookie: await signedIn(role) } });
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({
        success: false,
        data: "Invalid OAuth access token.",
        code: "photo_feed_error",
        message: "Invalid OAuth access token.",
      });
      expect(logged.join("")).toContain("Invalid OAuth access token.");
    });

    it.each([
      ["a guest", "en", "The photo feed is not available right now."],
      ["a guest in Spanish", "es", "La galería de fotos no está disponible en este momento."],
      ["a customer", "en", "The photo feed is not available right now."],
    ])("tells %s only that the feed is not available, and logs the real error", async (who, locale, text) => {
      const headers: Record<string, string> =
        who === "a customer" ? { Cookie: await signedIn("customer") } : {};
      const answer = await feedCall(`${validData}&${LANGUAGE_PARAMETER}=${locale}`, { headers });
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({
        success: false,
        data: text,
        code: "photo_feed_error",
        message: text,
      });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain("Invalid OAuth access token.");
      expect(logged[0]).not.toContain("secret-token");
    });
  });
});
