import { media, mediaSizes } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FeedPhoto } from "../../lib/photo-feed.ts";
import { MASKED_SECRET, parseStoreSettings, withoutSecrets } from "../../lib/settings-resource.ts";
import { updateStoreSettings } from "../settings/settings.server.ts";
import { type LoopbackServer, listenOnLoopback } from "../shared/loopback-server.test-helper.ts";
import { PhotoFeed, PhotoFeedError } from "./photo-feed.server.ts";

const TOKEN = "graph-token-do-not-log";

/** A stand-in for the Graph-style service: answers `/me/media` as each test says, counting requests. */
type FakeAnswer = (req: express.Request, res: express.Response) => void;

/** What the logger was given, one object per line, as pino writes it. */
function recordingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const text: string[] = [];
  const logger = pino(
    { level: "warn" },
    {
      write(line: string) {
        text.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  return { logger, lines, text };
}

const post = (id: string, values: Record<string, unknown> = {}) => ({
  id,
  caption: `Post ${id}`,
  media_type: "IMAGE",
  media_url: `ORIGIN/pictures/${id}.jpg`,
  permalink: `https://social.example/p/${id}/`,
  ...values,
});

describe("the photo feed from a Graph-style service", () => {
  let database: TestDatabase;
  let fake: LoopbackServer;
  let answer: FakeAnswer;
  let asked: URL[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const app = express();
    app.get("/v1/me/media", (req, res) => {
      asked.push(new URL(req.originalUrl, "http://fake"));
      answer(req, res);
    });
    fake = await listenOnLoopback(app);
  });
  afterAll(async () => {
    fake?.close();
    await database?.close();
  });
  beforeEach(() => {
    asked = [];
  });

  /** The service's feed, with `ORIGIN` in addresses replaced by the fake's origin. */
  const feedOf = (...items: unknown[]) => ({
    data: JSON.parse(JSON.stringify(items).replaceAll("ORIGIN", fake.origin)) as unknown[],
  });
  const settingsFor = (graph: Record<string, unknown> = {}) =>
    parseStoreSettings({
      photo_feed: {
        provider: "graph",
        graph: { endpoint: `${fake.origin}/v1/`, token: TOKEN, mediaOrigins: [], ...graph },
      },
    });
  const newFeed = (now?: () => number) => {
    const log = recordingLogger();
    return { feed: new PhotoFeed({ db: database.db, logger: log.logger, now }), log };
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail("the load should have failed"),
      (error: unknown) => error as Error,
    );

  it("asks /me/media with the fields, the limit and the token, and turns posts into photos", async () => {
    answer = (_req, res) => res.json(feedOf(post("1", { caption: "  A sunny\n\nmorning  " }), post("2")));
    const { feed } = newFeed();
    const photos = await feed.load(settingsFor(), 6, "en");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe("/v1/me/media");
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
      fields: "id,caption,media_type,media_url,permalink,thumbnail_url",
      limit: "6",
      access_token: TOKEN,
    });
    expect(photos).toEqual<FeedPhoto[]>([
      {
        id: "1",
        src: `${fake.origin}/pictures/1.jpg`,
        sources: [],
        width: null,
        height: null,
        alt: "A sunny morning",
        link: "https://social.example/p/1/",
        linkIsImage: false,
      },
      expect.objectContaining({ id: "2", alt: "Post 2", src: `${fake.origin}/pictures/2.jpg` }),
    ]);
  });

  it("shows a video by its thumbnail, and names a post without a caption in the page's language", async () => {
    answer = (_req, res) =>
      res.json(
        feedOf(
          post("v", {
            media_type: "VIDEO",
            media_url: "ORIGIN/videos/v.mp4",
            thumbnail_url: "ORIGIN/thumbs/v.jpg",
            caption: undefined,
          }),
          post("long", { caption: `${"🙂".repeat(250)}` }),
        ),
      );
    const { feed } = newFeed();
    const [video, long] = await feed.load(settingsFor(), 4, "es");
    expect(video).toMatchObject({ src: `${fake.origin}/thumbs/v.jpg`, alt: "Foto de la galería" });
    // At most 200 characters, emoji kept whole.
    expect(Array.from(long!.alt)).toHaveLength(200);
    expect(long!.alt).toBe(`${"🙂".repeat(199)}…`);
  });

  it("drops pictures from origins not configured, keeps those of a wildcard origin, and drops unsafe links", async () => {
    answer = (_req, res) =>
      res.json(
        feedOf(
          post("own"),
          post("cdn", { media_url: "https://scontent-1.cdninstagram.com/a.jpg" }),
          post("apex", { media_url: "https://cdninstagram.com/a.jpg" }),
          post("foreign", { media_url: "https://tracker.example/pixel.jpg" }),
          post("data", { media_url: "data:image/png;base64,AAAA" }),
          post("script-link", { permalink: "javascript:alert(1)" }),
          post("no-id", { id: 7 }),
          "not a post",
        ),
      );
    const { feed } = newFeed();
    const photos = await feed.load(settingsFor({ mediaOrigins: ["https://*.cdninstagram.com"] }), 10, "en");
    expect(photos.map((photo) => photo.id)).toEqual(["own", "cdn"]);
    expect(photos[1]!.src).toBe("https://scontent-1.cdninstagram.com/a.jpg");
  });

  it("passes the service's own error message on, without the token", async () => {
    answer = (_req, res) =>
      res.status(400).json({
        error: {
          message: "Error validating access token: Session has expired.",
          type: "OAuthException",
          code: 190,
        },
      });
    const { feed } = newFeed();
    const error = await failure(feed.load(settingsFor(), 4, "en"));
    expect(error).toBeInstanceOf(PhotoFeedError);
    expect(error.message).toBe("Error validating access token: Session has expired.");
  });

  it.each<[string, FakeAnswer, string]>([
    [
      "a status without a message",
      (_req, res) => res.status(503).send("busy"),
      "The photo service answered 503.",
    ],
    [
      "an answer that is not JSON",
      (_req, res) => res.type("html").send("<html>login</html>"),
      "The photo service sent an answer that is not a feed.",
    ],
    [
      "JSON that is not a feed",
      (_req, res) => res.json({ items: [] }),
      "The photo service sent an answer that is not a feed.",
    ],
  ])("explains %s", async (_name, fakeAnswer, message) => {
    answer = fakeAnswer;
    const { feed } = newFeed();
    expect((await failure(feed.load(settingsFor(), 4, "en"))).message).toBe(message);
  });

  it("gives up on a service that does not answer within the time-out", async () => {
    // Held until the store hangs up.
    answer = () => {};
    const { feed } = newFeed();
    const error = await failure(feed.load(settingsFor({ timeoutMs: 150 }), 4, "en"));
    expect(error).toBeInstanceOf(PhotoFeedError);
    expect(error.message).toBe("The photo service did not answer within 150 ms.");
  });

  it("fails with a readable message when no service address is set", async () => {
    const { feed } = newFeed();
    const error = await failure(feed.load(settingsFor({ endpoint: "" }), 4, "en"));
    expect(error.message).toBe("The photo service has no address in the store settings.");
    expect(asked).toHaveLength(0);
  });

  it("keeps a feed for cacheSeconds, per token and block size, and fetches it again after", async () => {
    answer = (_req, res) => res.json(feedOf(post(String(asked.length))));
    let now = 1_000_000;
    const { feed } = newFeed(() => now);
    const settings = settingsFor({ cacheSeconds: 60 });
    const first = await feed.load(settings, 4, "en");
    expect(await feed.load(settings, 4, "en")).toBe(first);
    expect(asked).toHaveLength(1);
    await feed.load(settings, 8, "en");
    await feed.load(settingsFor({ cacheSeconds: 60, token: "another" }), 4, "en");
    expect(asked).toHaveLength(3);
    now += 59_000;
    expect(await feed.load(settings, 4, "en")).toBe(first);
    now += 1_000;
    const refreshed = await feed.load(settings, 4, "en");
    expect(asked).toHaveLength(4);
    expect(refreshed[0]!.id).toBe("4");
  });

  it("makes one request for loads that arrive together", async () => {
    const held: express.Response[] = [];
    answer = (_req, res) => {
      held.push(res);
    };
    const { feed } = newFeed();
    const loads = [1, 2, 3].map(() => feed.load(settingsFor(), 4, "en"));
    await expect.poll(() => asked.length).toBe(1);
    held[0]!.json(feedOf(post("shared")));
    const photos = await Promise.all(loads);
    expect(asked).toHaveLength(1);
    expect(photos.map((list) => list[0]!.id)).toEqual(["shared", "shared", "shared"]);
  });

  it("serves the last feed when a refresh fails after cacheSeconds, up to a day, and logs it", async () => {
    let now = 0;
    const { feed, log } = newFeed(() => now);
    const settings = settingsFor({ cacheSeconds: 60 });
    answer = (_req, res) => res.json(feedOf(post("kept")));
    const kept = await feed.load(settings, 4, "en");

    answer = (_req, res) => res.status(500).json({ error: { message: "Service down", type: "x", code: 2 } });
    now = 61_000;
    expect(await feed.load(settings, 4, "en")).toBe(kept);
    expect(asked).toHaveLength(2);
    expect(log.lines).toEqual([
      expect.objectContaining({ level: 40, msg: "photo feed refresh failed; serving the last feed" }),
    ]);
    expect(log.text.join("")).toContain("Service down");
    expect(log.text.join("")).not.toContain(TOKEN);

    now = 24 * 3600_000 + 1;
    expect((await failure(feed.load(settings, 4, "en"))).message).toBe("Service down");
  });

  it("keeps nothing when cacheSeconds is 0", async () => {
    answer = (_req, res) => res.json(feedOf(post("1")));
    const { feed } = newFeed();
    const settings = settingsFor({ cacheSeconds: 0 });
    await feed.load(settings, 4, "en");
    await feed.load(settings, 4, "en");
    expect(asked).toHaveLength(2);
  });
});

describe("the photo feed settings", () => {
  it("default to the media library, and refuse values out of range", () => {
    expect(parseStoreSettings({}).photo_feed).toEqual({
      provider: "media",
      graph: { endpoint: "", token: "", mediaOrigins: [], timeoutMs: 3000, cacheSeconds: 900 },
    });
    const odd = parseStoreSettings({
      photo_feed: {
        provider: "other",
        graph: {
          endpoint: "javascript:alert(1)",
          token: "t",
          mediaOrigins: ["https://*.cdninstagram.com", "https://*.com"],
          timeoutMs: 50,
          cacheSeconds: 90_000,
        },
      },
    }).photo_feed;
    expect(odd).toEqual({
      provider: "media",
      graph: { endpoint: "", token: "t", mediaOrigins: [], timeoutMs: 3000, cacheSeconds: 900 },
    });
  });

  it("never show the token in an answer", () => {
    const settings = parseStoreSettings({
      photo_feed: { provider: "graph", graph: { endpoint: "https://graph.example", token: TOKEN } },
    });
    expect(JSON.stringify(withoutSecrets(settings, {}))).not.toContain(TOKEN);
    expect(withoutSecrets(settings, {}).photo_feed.graph.token).toBe(MASKED_SECRET);
    expect(withoutSecrets(parseStoreSettings({}), {}).photo_feed.graph.token).toBe("");
    expect(settings.photo_feed.graph.token).toBe(TOKEN);
  });
});

describe.each(await availableDialects())("the media library's photo feed on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.close());
  beforeEach(() => database.reset());

  async function picture(
    name: string,
    values: { createdAt: Date; state?: "processing" | "ready" | "failed" },
  ) {
    const [row] = await database.db
      .insert(media)
      .values({
        filename: `${name}.jpg`,
        mimeType: "image/jpeg",
        alt: { en: `${name} (en)`, es: `${name} (es)` },
        ...values,
      })
      .returning({ id: media.id });
    const size = (format: "jpeg" | "webp", width: number) => ({
      mediaId: row!.id,
      format,
      width,
      height: width / 2,
      path: `${name}-${width}.${format}`,
      bytes: 1,
    });
    await database.db
      .insert(mediaSizes)
      .values([size("jpeg", 600), size("jpeg", 1200), size("webp", 600), size("webp", 1200)]);
    return row!.id;
  }

  it("shows the newest ready pictures, which open in the lightbox", async () => {
    const day = (n: number) => new Date(Date.UTC(2025, 0, n));
    await picture("oldest", { createdAt: day(1) });
    const older = await picture("older", { createdAt: day(2) });
    await picture("drawing", { createdAt: day(5), state: "processing" });
    await picture("broken", { createdAt: day(6), state: "failed" });
    const newest = await picture("newest", { createdAt: day(4) });
    const { logger } = recordingLogger();
    const feed = new PhotoFeed({ db: database.db, logger });
    // The settings of a Graph service are there, but the provider chosen is the library.
    const settings = parseStoreSettings({
      photo_feed: { graph: { endpoint: "http://127.0.0.1:9", token: "x" } },
    });

    const photos = await feed.load(settings, 2, "es");
    expect(photos).toEqual<FeedPhoto[]>([
      {
        id: `media-${newest}`,
        src: "/media/newest-600.jpeg",
        sources: [
          { type: "image/webp", srcSet: "/media/newest-600.webp 600w, /media/newest-1200.webp 1200w" },
          { type: "image/jpeg", srcSet: "/media/newest-600.jpeg 600w, /media/newest-1200.jpeg 1200w" },
        ],
        width: 600,
        height: 300,
        alt: "newest (es)",
        link: "/media/newest-1200.jpeg",
        linkIsImage: true,
      },
      expect.objectContaining({ id: `media-${older}`, alt: "older (es)" }),
    ]);
    expect(await feed.load(settings, 10, "en")).toHaveLength(3);
  });

  it("answers an empty feed for an empty library", async () => {
    const feed = new PhotoFeed({ db: database.db, logger: recordingLogger().logger });
    expect(await feed.load(parseStoreSettings({}), 8, "en")).toEqual([]);
  });

  it("keeps a stored token when the masked value is sent back with a change", async () => {
    const graph = {
      endpoint: "https://graph.example",
      token: TOKEN,
      mediaOrigins: [],
      timeoutMs: 3000,
      cacheSeconds: 900,
    };
    await updateStoreSettings(database.db, { photo_feed: { provider: "graph", graph } });
    const shown = withoutSecrets(
      await updateStoreSettings(database.db, {
        photo_feed: { provider: "graph", graph: { ...graph, token: MASKED_SECRET, cacheSeconds: 60 } },
      }),
      {},
    );
    expect(shown.photo_feed.graph).toEqual({ ...graph, token: MASKED_SECRET, cacheSeconds: 60 });
    const stored = await updateStoreSettings(database.db, { name: "Shop" });
    expect(stored.photo_feed.graph.token).toBe(TOKEN);
  });
});
