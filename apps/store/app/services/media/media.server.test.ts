import { media, mediaSizes } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSources } from "../../lib/media.ts";
import { SiteCache } from "../shared/site-cache.server.ts";
import { loadImages } from "./media.server.ts";

describe.each(await availableDialects())("loadImages on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function picture(state: "ready" | "processing", widths: number[]): Promise<number> {
    const [row] = await database.db
      .insert(media)
      .values({
        filename: "mug.jpg",
        mimeType: "image/jpeg",
        width: 1000,
        height: 800,
        alt: { en: "A mug" },
        state,
      })
      .returning({ id: media.id });
    for (const width of widths) await rendition(row!.id, width);
    return row!.id;
  }

  function rendition(mediaId: number, width: number) {
    return database.db
      .insert(mediaSizes)
      .values({ mediaId, format: "jpeg", width, height: width, path: `m/${mediaId}-${width}.jpg`, bytes: 1 });
  }

  it("keeps a ready picture's view in the site cache until the cache is emptied", async () => {
    const id = await picture("ready", [300, 600]);
    const cache = new SiteCache();
    expect((await loadImages(database.db, [id], "en", cache)).get(id)?.alt).toBe("A mug");

    await database.db
      .update(media)
      .set({ alt: { en: "A blue mug" } })
      .where(eq(media.id, id));
    expect((await loadImages(database.db, [id], "en", cache)).get(id)?.alt).toBe("A mug");
    expect((await loadImages(database.db, [id], "en")).get(id)?.alt).toBe("A blue mug");
    cache.clear();
    expect((await loadImages(database.db, [id], "en", cache)).get(id)?.alt).toBe("A blue mug");
  });

  it("reads a picture whose renditions are still being made every time", async () => {
    const id = await picture("processing", [300]);
    const cache = new SiteCache();
    expect((await loadImages(database.db, [id], "en", cache)).get(id)?.large).toBe(`/media/m/${id}-300.jpg`);
    await rendition(id, 1200);
    expect((await loadImages(database.db, [id], "en", cache)).get(id)?.large).toBe(`/media/m/${id}-1200.jpg`);
  });

  it("sends a picture made in every format as a stem and widths, which spell out its files; one made otherwise whole", async () => {
    const id = await picture("ready", []);
    const formats = { avif: "avif", webp: "webp", jpeg: "jpg" } as const;
    type Format = keyof typeof formats;
    for (const [format, extension] of Object.entries(formats) as [Format, string][])
      for (const width of [300, 600, 1000])
        await database.db.insert(mediaSizes).values({
          mediaId: id,
          format,
          width,
          height: width,
          path: `ab/0123456789abcdef-m${id}-${width}.${extension}`,
          bytes: 1,
        });
    const view = (await loadImages(database.db, [id], "en")).get(id)!;
    expect(view).toMatchObject({ stem: `/media/ab/0123456789abcdef-m${id}-`, widths: [300, 600, 1000] });
    expect("sources" in view).toBe(false);
    expect(imageSources(view)).toEqual(
      Object.entries(formats).map(([format, extension]) => ({
        type: `image/${format}`,
        srcSet: [300, 600, 1000]
          .map((width) => `/media/ab/0123456789abcdef-m${id}-${width}.${extension} ${width}w`)
          .join(", "),
      })),
    );

    // JPEG only (no AVIF or WebP made): the sources as they are.
    const jpegOnly = await picture("ready", [300, 600]);
    const whole = (await loadImages(database.db, [jpegOnly], "en")).get(jpegOnly)!;
    expect(whole).toMatchObject({
      sources: [
        {
          type: "image/jpeg",
          srcSet: `/media/m/${jpegOnly}-300.jpg 300w, /media/m/${jpegOnly}-600.jpg 600w`,
        },
      ],
    });
  });
});
