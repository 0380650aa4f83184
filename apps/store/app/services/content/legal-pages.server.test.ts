import { pages } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { isLegalPage, legalPageLinks } from "./legal-pages.server.ts";

describe.each(await availableDialects())("the legal pages' links on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.reset();
  });

  async function insertPage(slug: string, title: { en: string; es: string }, status: "publish" | "draft") {
    const [page] = await database.db
      .insert(pages)
      .values({ slug, title, status })
      .returning({ id: pages.id });
    return page!.id;
  }

  it("link a published page by its address, titled in the shopper's language, else in English", async () => {
    const privacy = await insertPage(
      "privacy-policy",
      { en: "Privacy policy", es: "Política de privacidad" },
      "publish",
    );
    const legal = { privacy };
    expect(await legalPageLinks(database.db, legal, "en")).toEqual({
      privacy: { href: "/privacy-policy", title: "Privacy policy" },
    });
    expect(await legalPageLinks(database.db, legal, "es")).toEqual({
      privacy: { href: "/privacy-policy", title: "Política de privacidad" },
    });
    await database.db
      .update(pages)
      .set({ slug: "cookies", title: { en: "Cookie policy", es: "" } })
      .where(eq(pages.id, privacy));
    expect(await legalPageLinks(database.db, legal, "es")).toEqual({
      privacy: { href: "/cookies", title: "Cookie policy" },
    });
  });

  it("link nothing for a draft, a page that is gone, or no page named; the last without asking the database", async () => {
    const draft = await insertPage("privacy-policy", { en: "Privacy policy", es: "Privacidad" }, "draft");
    expect(await legalPageLinks(database.db, { privacy: draft }, "en")).toEqual({ privacy: null });
    expect(await legalPageLinks(database.db, { privacy: draft + 1 }, "en")).toEqual({ privacy: null });
    const recorded = recordStatements(database.db);
    try {
      expect(await legalPageLinks(database.db, { privacy: null }, "en")).toEqual({ privacy: null });
    } finally {
      recorded.stop();
    }
    expect(recorded.statements).toEqual([]);
  });

  it("know a legal page by its id", () => {
    const settings = parseStoreSettings({ legal_pages: { privacy: 7 } });
    expect(isLegalPage(settings, 7)).toBe(true);
    expect(isLegalPage(settings, 8)).toBe(false);
    expect(isLegalPage(parseStoreSettings({}), 7)).toBe(false);
  });
});
