import { products } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Meta, Outlet } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { testContext } from "../../services/shared/test-context.test-helper.ts";
import { loadProductPage } from "./product-page.server.ts";
import { meta } from "./route.tsx";

/**
 * The product page's head as React Router renders it from the route's own `meta`, over the real
 * loader's data on the real database: a product hidden from the catalogue (decision 0079) opens at
 * its address but asks search engines to leave it out; a visible one does not.
 */
describe.each(await availableDialects())("the product page's robots meta on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.close());
  beforeEach(() => database.reset());

  async function headOf(slug: string): Promise<string> {
    const context = testContext({ db: database.db });
    // What the route's loader answers (it is this call).
    const data = await loadProductPage(context, slug, new Request(`https://shop.example/product/${slug}`));
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        Component: () => (
          <>
            <Meta />
            <Outlet />
          </>
        ),
        children: [
          {
            id: "product",
            path: "product/:slug",
            Component: () => null,
            // The route's own meta function, typed for its generated route types.
            meta: meta as never,
          },
        ],
      },
    ]);
    return renderToStaticMarkup(
      <Stub
        initialEntries={[`/product/${slug}`]}
        hydrationData={{ loaderData: { root: null, product: data } }}
      />,
    );
  }

  it("a hidden product's page carries noindex; a visible one's, a catalog-only one's and a search-only one's do not", async () => {
    for (const visibility of ["hidden", "visible", "catalog", "search"] as const) {
      const product = await insertSimpleProduct(database.db, { slug: `lamp-${visibility}`, price: 1000 });
      await database.db
        .update(products)
        .set({ catalogVisibility: visibility })
        .where(eq(products.id, product.id));
    }
    const hidden = await headOf("lamp-hidden");
    expect(hidden).toContain("<title>");
    expect(hidden).toContain('<meta name="robots" content="noindex"/>');
    for (const slug of ["lamp-visible", "lamp-catalog", "lamp-search"]) {
      const head = await headOf(slug);
      expect(head).toContain("<title>");
      expect(head).not.toContain('name="robots"');
    }
  });
});
