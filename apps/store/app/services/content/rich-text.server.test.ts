import { media, mediaSizes } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyContentSources } from "../../lib/rich-text.ts";
import { SiteCache } from "../shared/site-cache.server.ts";
import { loadPageRichText, mediaIdsIn } from "./rich-text.server.ts";

describe("mediaIdsIn", () => {
  it("finds the media library's pictures a text names, and nothing else", () => {
    expect(mediaIdsIn("[a](media:12) ![b](media:3) [c](/media/4.jpg) media:5 [d](media:x)")).toEqual([12, 3]);
  });
});

describe.each(await availableDialects())("rich text for a page on %s", (dialect) => {
  let database: TestDatabase;
  let pictureId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const [picture] = await database.db
      .insert(media)
      .values({
        filename: "mug.jpg",
        mimeType: "image/jpeg",
        width: 1000,
        height: 800,
        alt: { en: "A mug", es: "Una taza" },
      })
      .returning({ id: media.id });
    pictureId = picture!.id;
    await database.db.insert(mediaSizes).values([
      {
        mediaId: pictureId,
        format: "jpeg",
        width: 300,
        height: 240,
        path: "ab/abcdef0123456789-300.jpg",
        bytes: 1,
      },
      {
        mediaId: pictureId,
        format: "jpeg",
        width: 1000,
        height: 800,
        path: "ab/abcdef0123456789-1000.jpg",
        bytes: 1,
      },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reads media:{id} as the picture's largest JPEG and names the other hosts the page loads from", async () => {
    const context = {
      db: database.db,
      locale: "en" as const,
      contentSources: emptyContentSources(),
      siteCache: new SiteCache(),
    };
    const doc = await loadPageRichText(
      context,
      `See [the mug](media:${pictureId}), [the film](https://youtu.be/aqz-KE-bpKQ) and [a clip](https://cdn.example/c.webm).\n\n[gone](media:999999)`,
    );
    expect(doc[0]![1]).toEqual({
      t: "link",
      href: "/media/ab/abcdef0123456789-1000.jpg",
      text: "the mug",
      link: { kind: "image" },
    });
    expect(doc[1]).toEqual([{ t: "text", text: "[gone](media:999999)" }]);
    expect([...context.contentSources["frame-src"]]).toEqual(["https://www.youtube-nocookie.com"]);
    expect([...context.contentSources["media-src"]]).toEqual(["https://cdn.example"]);
    expect([...context.contentSources["img-src"]]).toEqual([]);
  });
});
