import { productAttributeTerms, variationAttributes, variations } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("attributes and terms REST on %s", (dialect) => {
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  const call = server.call;

  /** "Material" with Cotton, Linen and Wool, made by an editor; answers their ids and the editor's headers. */
  async function material() {
    const editor = (await server.session("editor")).headers;
    const made = await call("/products/attributes", editor, "POST", {
      translations: { en: { name: "Material" }, es: { name: "Material" } },
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const terms: number[] = [];
    for (const [en, es] of [
      ["Cotton", "Algodón"],
      ["Linen", "Lino"],
      ["Wool", "Lana"],
    ] as const) {
      const term = await call(`/products/attributes/${id}/terms`, editor, "POST", {
        translations: { en: { name: en, description: `${en} (en)` }, es: { name: es, description: "" } },
      });
      expect(term.status).toBe(201);
      terms.push(term.body.id as number);
    }
    return { editor, id, terms };
  }

  it("creates, renames, reorders and reads attributes and terms in WooCommerce's shape, in both languages", async () => {
    const { editor, id, terms } = await material();
    expect((await call(`/products/attributes/${id}`, editor)).body).toEqual({
      id,
      name: "Material",
      slug: "material",
      type: "select",
      order_by: "menu_order",
      has_archives: false,
      translations: { en: { name: "Material" }, es: { name: "Material" } },
      term_count: 3,
    });
    const [cotton, linen, wool] = terms;
    expect((await call(`/products/attributes/${id}/terms/${cotton}`, editor)).body).toEqual({
      id: cotton,
      name: "Cotton",
      slug: "cotton",
      description: "Cotton (en)",
      menu_order: 0,
      count: 0,
      translations: {
        en: { name: "Cotton", description: "Cotton (en)" },
        es: { name: "Algodón", description: "" },
      },
    });
    // Renaming one language keeps the other; the slug changes only when sent.
    const renamed = await call(`/products/attributes/${id}/terms/${wool}`, editor, "PUT", {
      translations: { es: { name: "Lana merina" } },
    });
    expect(renamed.body).toMatchObject({
      name: "Wool",
      slug: "wool",
      translations: { es: { name: "Lana merina" } },
    });
    const ordered = await call(`/products/attributes/${id}/terms/order`, editor, "PUT", [
      wool,
      cotton,
      linen,
    ]);
    expect((ordered.body as Array<{ slug: string }>).map((term) => term.slug)).toEqual([
      "wool",
      "cotton",
      "linen",
    ]);
    expect(
      (await call(`/products/attributes/${id}`, editor, "PUT", { order_by: "name", slug: "fabric" })).body,
    ).toMatchObject({ slug: "fabric", order_by: "name" });
    // Every change purges every shared page: names show in the shop's filters.
    expect(purges.at(-1)).toBeUndefined();
    expect((await call("/products/attributes", editor)).body).toEqual([
      expect.objectContaining({ id, slug: "fabric" }),
    ]);
  });

  it("refuses what it cannot take, naming the field, and callers who are not staff", async () => {
    const { editor, id, terms } = await material();
    const customer = (await server.session("customer")).headers;
    expect((await call("/products/attributes", customer)).status).toBe(403);
    expect((await call("/products/attributes", {})).status).toBe(401);
    expect(
      await call(`/products/attributes/${id}/terms`, editor, "POST", {
        translations: { en: { name: "cotton" } },
      }),
    ).toMatchObject({ status: 400, body: { code: "term_slug_taken", data: { param: "slug" } } });
    expect(
      await call("/products/attributes", editor, "POST", { translations: { es: { name: "Sin inglés" } } }),
    ).toMatchObject({ status: 400, body: { code: "attribute_needs_name" } });
    expect(await call("/products/attributes", editor, "POST", { slug: "Not A Slug" })).toMatchObject({
      status: 400,
      body: { data: { param: "slug" } },
    });
    expect(
      await call(`/products/attributes/${id}/terms/order`, editor, "PUT", [terms[0], terms[1]]),
    ).toMatchObject({ status: 400, body: { code: "term_order_incomplete" } });
    expect((await call("/products/attributes/999", editor)).status).toBe(404);
    expect((await call(`/products/attributes/${id}/terms/999`, editor)).status).toBe(404);
    expect(
      (await call("/products/attributes/999/terms", editor, "POST", { translations: { en: { name: "X" } } }))
        .status,
    ).toBe(404);
  });

  it("deletes a term in use only when forced, naming the products, and never one a variation stands for", async () => {
    const { editor, id, terms } = await material();
    const [cotton, linen] = terms as [number, number, number];
    const shirt = await insertSimpleProduct(server.db, { slug: "shirt", price: 2000 });
    await server.db.insert(productAttributeTerms).values({ productId: shirt.id, termId: cotton });
    const refused = await call(`/products/attributes/${id}/terms/${cotton}`, editor, "DELETE");
    expect(refused).toMatchObject({
      status: 409,
      body: { code: "term_in_use", data: { products: [{ id: shirt.id, name: "shirt (en)" }], status: 409 } },
    });
    expect((await call(`/products/attributes/${id}`, editor, "DELETE")).status).toBe(409);
    expect((await call(`/products/attributes/${id}/terms/${cotton}`, editor)).body).toMatchObject({
      count: 1,
    });

    const forced = await call(`/products/attributes/${id}/terms/${cotton}?force=true`, editor, "DELETE");
    expect(forced).toMatchObject({ status: 200, body: { id: cotton, slug: "cotton" } });
    expect((await call(`/products/attributes/${id}/terms/${cotton}`, editor)).status).toBe(404);

    const [variation] = await server.db
      .insert(variations)
      .values({ productId: shirt.id, regularPrice: 2000 })
      .returning();
    await server.db.insert(productAttributeTerms).values({ productId: shirt.id, termId: linen });
    await server.db
      .insert(variationAttributes)
      .values({ variationId: variation!.id, attributeId: id, termId: linen });
    expect(
      await call(`/products/attributes/${id}/terms/${linen}?force=true`, editor, "DELETE"),
    ).toMatchObject({
      status: 409,
      body: { code: "term_used_by_variations" },
    });
    expect(await call(`/products/attributes/${id}?force=true`, editor, "DELETE")).toMatchObject({
      status: 409,
      body: { code: "term_used_by_variations" },
    });
    // An attribute no product uses goes with its terms.
    const spare = await call("/products/attributes", editor, "POST", {
      translations: { en: { name: "Finish" } },
    });
    expect((await call(`/products/attributes/${spare.body.id}`, editor, "DELETE")).status).toBe(200);
    expect((await call(`/products/attributes/${spare.body.id}`, editor)).status).toBe(404);
  });
});
