import { blocks, pages } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canEditPages, loadEditablePage, savePageTexts } from "./page-editor.server.ts";

describe("who edits pages", () => {
  it.each([
    ["editor", true],
    ["administrator", true],
    ["customer", false],
    [null, false],
  ])("%s → %s", (role, expected) => {
    expect(canEditPages(role)).toBe(expected);
  });
});

describe.each(await availableDialects())("page editor on %s", (dialect) => {
  let database: TestDatabase;
  let heroId: number;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const [page] = await database.db
      .insert(pages)
      .values({ slug: "home", title: { en: "Home", es: "Inicio" } })
      .returning();
    const [hero] = await database.db
      .insert(blocks)
      .values({
        pageId: page!.id,
        type: "hero",
        data: {
          title: { en: "Hello", es: "Hola" },
          text: { en: "Long", es: "Largo" },
          cta: { label: { en: "Shop", es: "Comprar" }, url: "/shop" },
          imageId: 7,
        },
      })
      .returning();
    heroId = hero!.id;
  });
  afterAll(() => database.close());

  it("reads every editable text in both languages", async () => {
    const page = await loadEditablePage(database.db, "home");
    expect(page?.title).toEqual({ en: "Home", es: "Inicio" });
    expect(page?.blocks[0]?.texts.map((text) => [text.path, text.value])).toEqual([
      ["title", { en: "Hello", es: "Hola" }],
      ["text", { en: "Long", es: "Largo" }],
      ["cta.label", { en: "Shop", es: "Comprar" }],
    ]);
    expect(await loadEditablePage(database.db, "nowhere")).toBeNull();
  });

  it("edits the titles of the page builder's gallery and video blocks, and leaves their pictures and address", async () => {
    const [page] = await database.db
      .insert(pages)
      .values({ slug: "media-page", title: { en: "Media", es: "Medios" } })
      .returning();
    const rows = await database.db
      .insert(blocks)
      .values([
        {
          pageId: page!.id,
          position: 0,
          type: "gallery",
          data: { title: { en: "G", es: "G" }, imageIds: [3, 4] },
        },
        {
          pageId: page!.id,
          position: 1,
          type: "video",
          data: { title: { en: "V", es: "V" }, url: "https://vimeo.com/1" },
        },
      ])
      .returning({ id: blocks.id });
    const editable = await loadEditablePage(database.db, "media-page");
    expect(editable?.blocks.map((block) => block.texts.map((text) => text.path))).toEqual([
      ["title"],
      ["title"],
    ]);
    const form = {
      [`block-${rows[0]!.id}-title-es`]: "Galería",
      [`block-${rows[1]!.id}-title-en`]: "Film",
    };
    expect(await savePageTexts(database.db, "media-page", form)).toEqual({ ok: true });
    const saved = await database.db
      .select({ data: blocks.data })
      .from(blocks)
      .where(eq(blocks.pageId, page!.id));
    expect(saved.map((row) => row.data)).toEqual(
      expect.arrayContaining([
        { title: { en: "G", es: "Galería" }, imageIds: [3, 4] },
        { title: { en: "Film", es: "V" }, url: "https://vimeo.com/1" },
      ]),
    );
  });

  it("saves texts and keeps what it does not edit (link, image); unknown fields are ignored", async () => {
    const saved = await savePageTexts(database.db, "home", {
      "title-es": "Portada",
      [`block-${heroId}-title-en`]: "  New heading  ",
      [`block-${heroId}-cta.label-es`]: "Ver tienda",
      [`block-${heroId}-cta.url-en`]: "https://evil.example",
      "block-999999-title-en": "elsewhere",
    });
    expect(saved).toEqual({ ok: true });
    const [page] = await database.db.select().from(pages).where(eq(pages.slug, "home"));
    expect(page?.title).toEqual({ en: "Home", es: "Portada" });
    const [hero] = await database.db.select().from(blocks).where(eq(blocks.id, heroId));
    expect(hero?.data).toEqual({
      title: { en: "New heading", es: "Hola" },
      text: { en: "Long", es: "Largo" },
      cta: { label: { en: "Shop", es: "Ver tienda" }, url: "/shop" },
      imageId: 7,
    });
  });

  it("writes nothing when one text is invalid", async () => {
    const before = await loadEditablePage(database.db, "home");
    const saved = await savePageTexts(database.db, "home", {
      [`block-${heroId}-title-en`]: "Fine",
      [`block-${heroId}-text-en`]: "x".repeat(2001),
      "title-en": " ",
    });
    expect(saved).toEqual({
      ok: false,
      errors: { [`block-${heroId}-text-en`]: "pages.errors.tooLong", "title-en": "pages.errors.required" },
    });
    expect(await loadEditablePage(database.db, "home")).toEqual(before);
  });
});
