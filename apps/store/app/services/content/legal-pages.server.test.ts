import { blocks, pages } from "@vitrine/db";
import {
  availableDialects,
  createTestDatabase,
  recordStatements,
  type TestDatabase,
} from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseStoreSettings } from "../../lib/settings-resource.ts";
import { testContext } from "../shared/test-context.test-helper.ts";
import { checkoutTerms, isLegalPage, legalPageLinks, termsRequired } from "./legal-pages.server.ts";

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
    const legal = { privacy, terms: null };
    expect(await legalPageLinks(database.db, legal, "en")).toEqual({
      privacy: { href: "/privacy-policy", title: "Privacy policy" },
      terms: null,
    });
    expect(await legalPageLinks(database.db, legal, "es")).toEqual({
      privacy: { href: "/privacy-policy", title: "Política de privacidad" },
      terms: null,
    });
    await database.db
      .update(pages)
      .set({ slug: "cookies", title: { en: "Cookie policy", es: "" } })
      .where(eq(pages.id, privacy));
    expect(await legalPageLinks(database.db, legal, "es")).toEqual({
      privacy: { href: "/cookies", title: "Cookie policy" },
      terms: null,
    });
  });

  it("link nothing for a draft, a page that is gone, or no page named; the last without asking the database", async () => {
    const draft = await insertPage("privacy-policy", { en: "Privacy policy", es: "Privacidad" }, "draft");
    const none = { privacy: null, terms: null };
    expect(await legalPageLinks(database.db, { privacy: draft, terms: draft }, "en")).toEqual(none);
    expect(await legalPageLinks(database.db, { privacy: draft + 1, terms: null }, "en")).toEqual(none);
    const recorded = recordStatements(database.db);
    try {
      expect(await legalPageLinks(database.db, none, "en")).toEqual(none);
    } finally {
      recorded.stop();
    }
    expect(recorded.statements).toEqual([]);
  });

  it("know a legal page by its id", () => {
    const settings = parseStoreSettings({ legal_pages: { privacy: 7, terms: 9 } });
    expect(isLegalPage(settings, 7)).toBe(true);
    expect(isLegalPage(settings, 9)).toBe(true);
    expect(isLegalPage(settings, 8)).toBe(false);
    expect(isLegalPage(parseStoreSettings({}), 7)).toBe(false);
  });

  it("give the checkout the terms page's link, title and text while it is published; else no terms to accept", async () => {
    const terms = await insertPage("terms", { en: "Terms of sale", es: "Condiciones de venta" }, "publish");
    await database.db.insert(blocks).values([
      {
        pageId: terms,
        position: 0,
        type: "text",
        data: {
          title: { en: "Returns", es: "Devoluciones" },
          text: { en: "Within 30 days.", es: "En 30 días." },
        },
      },
      { pageId: terms, position: 1, type: "hero", data: { title: { en: "Welcome", es: "Hola" } } },
    ]);
    const at = (locale: "en" | "es", legal: { privacy: number | null; terms: number | null }) =>
      testContext({ db: database.db, locale, settings: { legal_pages: legal } });
    const spanish = await checkoutTerms(at("es", { privacy: null, terms }));
    expect(spanish).toMatchObject({ href: "/terms", title: "Condiciones de venta" });
    expect(spanish!.sections.map((section) => section.title)).toEqual(["Devoluciones"]);
    expect(JSON.stringify(spanish!.sections[0]!.body)).toContain("En 30 días.");
    expect(await termsRequired(at("en", { privacy: null, terms }))).toBe(true);

    for (const legal of [
      { privacy: terms, terms: null },
      { privacy: null, terms: terms + 1 },
    ]) {
      expect(await checkoutTerms(at("en", legal))).toBeNull();
      expect(await termsRequired(at("en", legal))).toBe(false);
    }
    await database.db.update(pages).set({ status: "draft" }).where(eq(pages.id, terms));
    expect(await checkoutTerms(at("en", { privacy: null, terms }))).toBeNull();
    expect(await termsRequired(at("en", { privacy: null, terms }))).toBe(false);
  });
});
