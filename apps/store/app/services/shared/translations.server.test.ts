import { categories, products, productTranslations } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertCategory } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { categoryTexts, pickTranslation, productTexts } from "./translations.server.ts";

describe("picking a text from a { en, es } value", () => {
  it.each([
    [{ en: "Red", es: "Rojo" }, "es", "Rojo"],
    [{ en: "Red" }, "es", "Red"],
    [{ es: "Rojo" }, "en", "fallback"],
    [{}, "es", "fallback"],
    [{ en: "", es: "Rojo" }, "en", ""],
  ])("%o in %s reads %o", (value, locale, expected) => {
    expect(pickTranslation(value, locale, "fallback")).toBe(expected);
  });
});

describe.each(await availableDialects())("translated texts in queries on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function product(slug: string, names: Record<string, string>) {
    const [row] = await database.db
      .insert(products)
      .values({ slug, type: "simple", regularPrice: 100 })
      .returning();
    for (const [locale, name] of Object.entries(names))
      await database.db.insert(productTranslations).values({ productId: row!.id, locale, name });
    return row!.id;
  }

  it("reads the shopper's language, else English, else the fallback: joined or as one column", async () => {
    await product("both", { en: "Mug", es: "Taza" });
    await product("english", { en: "Cup" });
    await product("none", {});
    const texts = productTexts.joined("name");
    for (const locale of ["es", "en"]) {
      const joined = await database.db
        .select({ name: texts.text("name", products.slug), short: texts.text("shortDescription", sql`'-'`) })
        .from(products)
        .leftJoin(...texts.own(locale))
        .leftJoin(...texts.fallback)
        .orderBy(asc(products.id));
      const column = await database.db
        .select({ name: productTexts.text("name", locale, products.slug) })
        .from(products)
        .orderBy(asc(products.id));
      const expected = locale === "es" ? ["Taza", "Cup", "none"] : ["Mug", "Cup", "none"];
      expect(joined.map((row) => row.name)).toEqual(expected);
      expect(joined.map((row) => row.short)).toEqual(["", "", "-"]);
      expect(column.map((row) => row.name)).toEqual(expected);
    }
    const [english] = await database.db
      .select({ name: productTexts.inLocale("name", "es") })
      .from(products)
      .where(eq(products.slug, "english"));
    expect(english!.name).toBeNull();
  });

  it("reads category names the same way", async () => {
    const shelf = await insertCategory(database.db, "shelf");
    const [bare] = await database.db.insert(categories).values({ slug: "bare" }).returning();
    const rows = await database.db
      .select({ id: categories.id, name: categoryTexts.text("name", "es", categories.slug) })
      .from(categories)
      .orderBy(asc(categories.id));
    expect(rows).toEqual([
      { id: shelf.id, name: "shelf es" },
      { id: bare!.id, name: "bare" },
    ]);
  });
});
