import { affiliateLinks, productLinks } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { followAffiliateLink } from "../../services/content/affiliate-links.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("product types, links and tags over REST on %s", (dialect) => {
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  beforeEach(() => {
    purges.length = 0;
  });
  const admin = async () => (await server.session("administrator")).headers;
  const call = server.call;

  it("creates an external product: its address, button texts and flags answered in wc/v3's shape, its affiliate link counting clicks", async () => {
    const headers = await admin();
    const created = await call("/products", headers, "POST", {
      type: "external",
      regular_price: 2500,
      external_url: "https://partner.example/lamp",
      button_text: "Buy at Partner",
      translations: {
        en: { name: "Partner lamp" },
        es: { name: "Lámpara", button_text: "Comprar en Partner" },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: "external",
      virtual: false,
      downloadable: false,
      external_url: "https://partner.example/lamp",
      button_text: "Buy at Partner",
      grouped_products: [],
      upsell_ids: [],
      cross_sell_ids: [],
      tags: [],
    });
    expect((created.body.translations as Record<string, { button_text: string }>).es?.button_text).toBe(
      "Comprar en Partner",
    );
    const id = created.body.id as number;
    // The button's clicks are the affiliate links' own: followed once, counted once.
    expect(await followAffiliateLink(server.db, `product-${id}`)).toBe("https://partner.example/lamp");
    const [link] = await server.db
      .select()
      .from(affiliateLinks)
      .where(eq(affiliateLinks.slug, `product-${id}`));
    expect(link?.clicks).toBe(1);

    // A new address follows, the clicks kept; a product no longer external loses its link.
    await call(`/products/${id}`, headers, "PUT", { external_url: "https://partner.example/lamp-2" });
    const [moved] = await server.db
      .select()
      .from(affiliateLinks)
      .where(eq(affiliateLinks.slug, `product-${id}`));
    expect(moved).toMatchObject({ targetUrl: "https://partner.example/lamp-2", clicks: 1 });
    await call(`/products/${id}`, headers, "PUT", { type: "simple" });
    expect(await followAffiliateLink(server.db, `product-${id}`)).toBeNull();
  });

  it("refuses an external address that is not http(s) with a 400 naming the field", async () => {
    const answer = await call("/products", await admin(), "POST", {
      type: "external",
      external_url: "javascript:alert(1)",
      translations: { en: { name: "Bad" } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: "rest_invalid_param",
      data: { param: "external_url", status: 400 },
    });
  });

  it("keeps a grouped product's children, upsells and cross-sells in the order given, and purges the parents' pages when a child changes", async () => {
    const headers = await admin();
    const [a, b, c] = await Promise.all(
      ["mug", "cup", "saucer"].map((slug, n) =>
        insertSimpleProduct(server.db, { slug, price: 500 + n * 100 }),
      ),
    );
    const created = await call("/products", headers, "POST", {
      type: "grouped",
      grouped_products: [c!.id, a!.id],
      upsell_ids: [b!.id],
      cross_sell_ids: [a!.id, b!.id],
      virtual: true,
      translations: { en: { name: "Tea set" } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: "grouped",
      grouped_products: [c!.id, a!.id],
      upsell_ids: [b!.id],
      cross_sell_ids: [a!.id, b!.id],
      virtual: true,
    });
    const parent = created.body.id as number;
    purges.length = 0;
    await call(`/products/${a!.id}`, headers, "PUT", { regular_price: 900 });
    expect(purges.at(-1)).toEqual(
      expect.arrayContaining([`product-${a!.id}`, `product-${parent}`, "listing"]),
    );

    // Left out, the links stay; a product that stops being grouped loses its children only.
    await call(`/products/${parent}`, headers, "PUT", { type: "simple" });
    const after = await call(`/products/${parent}`, headers);
    expect(after.body).toMatchObject({
      grouped_products: [],
      upsell_ids: [b!.id],
      cross_sell_ids: [a!.id, b!.id],
    });
  });

  it("refuses a grouped product holding itself, directly or through a chain, with a 400 and nothing written", async () => {
    const headers = await admin();
    const leaf = await insertSimpleProduct(server.db, { slug: "leaf", price: 100 });
    const outer = await call("/products", headers, "POST", {
      type: "grouped",
      grouped_products: [leaf.id],
      translations: { en: { name: "Outer" } },
    });
    const outerId = outer.body.id as number;
    const direct = await call(`/products/${outerId}`, headers, "PUT", { grouped_products: [outerId] });
    expect(direct.status).toBe(400);
    expect(direct.body).toMatchObject({
      code: "product_grouped_loop",
      data: { param: "grouped_products", status: 400 },
    });

    const inner = await call("/products", headers, "POST", {
      type: "grouped",
      grouped_products: [outerId],
      translations: { en: { name: "Inner" } },
    });
    expect(inner.status).toBe(201);
    const innerId = inner.body.id as number;
    // Outer → inner → outer: a loop through the chain.
    const chain = await call(`/products/${outerId}`, headers, "PUT", {
      grouped_products: [leaf.id, innerId],
    });
    expect(chain.status).toBe(400);
    expect(chain.body.code).toBe("product_grouped_loop");
    expect(typeof chain.body.message).toBe("string");
    const kept = await server.db.select().from(productLinks).where(eq(productLinks.productId, outerId));
    expect(kept.map((row) => row.linkedProductId)).toEqual([leaf.id]);

    const unknown = await call(`/products/${outerId}`, headers, "PUT", { upsell_ids: [2_000_000] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("product_unknown_reference");
  });

  it("creates, lists, renames and deletes tags like wc/v3 products/tags, and sets a product's tags by id", async () => {
    const headers = await admin();
    const made = await call("/products/tags", headers, "POST", {
      name: "Gift ideas",
      translations: { es: { name: "Ideas de regalo" } },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Gift ideas", slug: "gift-ideas", count: 0 });
    const tagId = made.body.id as number;
    expect((await call("/products/tags", headers, "POST", { name: "Gift ideas" })).body.code).toBe(
      "term_exists",
    );
    expect((await call("/products/tags", headers, "POST", {})).status).toBe(400);

    const product = await insertSimpleProduct(server.db, { slug: "candle", price: 900 });
    const tagged = await call(`/products/${product.id}`, headers, "PUT", { tags: [{ id: tagId }] });
    expect(tagged.body.tags).toEqual([{ id: tagId, name: "Gift ideas", slug: "gift-ideas" }]);
    expect((await call(`/products/${product.id}`, headers, "PUT", { tags: [{ id: 999999 }] })).status).toBe(
      400,
    );

    const listed = await call("/products/tags?search=regalo", headers);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: tagId,
        count: 1,
        translations: { en: { name: "Gift ideas" }, es: { name: "Ideas de regalo" } },
      }),
    ]);
    purges.length = 0;
    const renamed = await call(`/products/tags/${tagId}`, headers, "PUT", { name: "Gifts", slug: "gifts" });
    expect(renamed.body).toMatchObject({ name: "Gifts", slug: "gifts" });
    expect(purges).toEqual([[`product-${product.id}`, "listing"]]);

    expect((await call(`/products/tags/${tagId}`, headers, "DELETE")).status).toBe(501);
    const deleted = await call(`/products/tags/${tagId}?force=true`, headers, "DELETE");
    expect(deleted.body).toMatchObject({ id: tagId, slug: "gifts" });
    expect((await call(`/products/${product.id}`, headers)).body.tags).toEqual([]);
    expect((await call(`/products/tags/${tagId}`, headers)).status).toBe(404);
  });

  it("is for administrators only", async () => {
    const editor = (await server.session("editor")).headers;
    expect((await call("/products/tags", editor, "POST", { name: "x" })).status).toBe(403);
  });
});
