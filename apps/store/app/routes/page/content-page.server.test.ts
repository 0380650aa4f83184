import { blocks, pages } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAccount } from "../../services/orders/order-fixtures.test-helper.ts";
import { testContext } from "../../services/shared/test-context.test-helper.ts";
import { loadContentPage } from "./content-page.server.ts";

/** What the loader threw: a redirect's status and address, or an error answer's status. */
async function thrown(load: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await load;
  } catch (answer) {
    if (answer instanceof Response)
      return { status: answer.status, location: answer.headers.get("Location") };
    const init = (answer as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw answer;
  }
  throw new Error("the loader answered the page");
}

describe.each(await availableDialects())("the content page route on %s", (dialect) => {
  let database: TestDatabase;
  /** A signed-in session's cookie for each role. */
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const db = database.db;
    const [about] = await db
      .insert(pages)
      .values({ slug: "about", title: { en: "About us", es: "Sobre nosotros" } })
      .returning();
    await db.insert(blocks).values([
      { pageId: about!.id, position: 0, type: "gallery", data: { title: { en: "Work" }, imageIds: [] } },
      {
        pageId: about!.id,
        position: 1,
        type: "text",
        data: { title: { en: "Story" }, text: { en: "We  knit\n\nby hand." } },
      },
    ]);
    const [soon] = await db
      .insert(pages)
      .values({ slug: "soon", title: { en: "Coming up" }, status: "draft" })
      .returning();
    await db
      .insert(blocks)
      .values({ pageId: soon!.id, type: "text", data: { title: { en: "Soon" }, text: { en: "x" } } });
    await db.insert(pages).values({ slug: "cart", title: { en: "A page no one can reach" } });
    for (const role of ["customer", "editor", "administrator"] as const) {
      const context = testContext({ db });
      await context.session.login(await insertAccount(db, `${role}@example.com`, { role }), "staff");
      cookies[role] = [...context.session.headers().entries()]
        .filter(([name]) => name.toLowerCase() === "set-cookie")
        .map(([, value]) => value.split(";")[0])
        .join("; ");
    }
  });
  afterAll(() => database.close());

  it("answers a published page to everyone, with its first text as its description", async () => {
    const context = testContext({ db: database.db, sharedPage: true, locale: "es" });
    const answer = await loadContentPage(context, "about");
    expect(answer.page).toMatchObject({ slug: "about", title: "Sobre nosotros", draft: false });
    expect(answer.description).toBe("We knit by hand.");
    expect(context.pageTags).toContain(`page-${answer.page.id}`);
  });

  it("sends /home to the home page for good", async () => {
    expect(await thrown(loadContentPage(testContext({ db: database.db }), "home"))).toEqual({
      status: 301,
      location: "/",
    });
  });

  it("answers 404 for a slug without a page and for a page hidden behind one of the store's addresses", async () => {
    for (const slug of ["nowhere", "cart"])
      expect(await thrown(loadContentPage(testContext({ db: database.db }), slug))).toEqual({ status: 404 });
  });

  it("answers 404 for a draft to guests, customers and any shared page", async () => {
    for (const context of [
      testContext({ db: database.db }),
      testContext({ db: database.db, cookie: cookies.customer }),
      // Staff's session, but the page cache's shared render: that is everyone's, so no draft.
      testContext({ db: database.db, cookie: cookies.editor, sharedPage: true }),
    ])
      expect(await thrown(loadContentPage(context, "soon"))).toEqual({ status: 404 });
  });

  it.each(["editor", "administrator"])("shows a draft to a signed-in %s, as a draft", async (role) => {
    const answer = await loadContentPage(testContext({ db: database.db, cookie: cookies[role] }), "soon");
    expect(answer.page).toMatchObject({ slug: "soon", title: "Coming up", draft: true });
  });
});
