import { attributes, attributeTerms, products } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productBySlug } from "../../services/catalogue/catalogue.server.ts";
import { insertVariableProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { sharedAttributeCatalogue } from "../../services/catalogue/listing-filters.server.ts";
import { SiteCache } from "../../services/shared/site-cache.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

/** A product's own attributes (WooCommerce's custom product attributes, decision 0060) over REST. */
describe.each(await availableDialects())("a product's own attributes over REST on %s", (dialect) => {
  const server = restTestServer(dialect);
  const admin = async () => (await server.session("administrator")).headers;
  const call = server.call;

  /** The fixture's global colour (Red, Blue), as GET /products/attributes and its terms answer it. */
  async function colour(headers: Record<string, string>) {
    await insertVariableProduct(server.db, "fixture");
    const [attribute] = (await call("/products/attributes", headers)).body as Array<{ id: number }>;
    const terms = (await call(`/products/attributes/${attribute!.id}/terms`, headers)).body as Array<{
      id: number;
    }>;
    return { id: attribute!.id, terms: terms.map((term) => term.id) };
  }

  const engraving = {
    id: 0,
    name: "Engraving",
    options: ["Initials", "Full name"],
    visible: true,
    variation: true,
    translations: { es: { name: "Grabado", options: ["Iniciales", ""] } },
  };

  /** A variable mug with the colour and its own engraving, a variation for each of the four pairs. */
  async function createMug(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
    const { id: colourId, terms } = await colour(headers);
    const pairs = terms.flatMap((term) => engraving.options.map((option) => ({ term, option })));
    const answer = await call("/products", headers, "POST", {
      type: "variable",
      translations: { en: { name: "Mug" }, es: { name: "Taza" } },
      attributes: [{ id: colourId, terms }, engraving],
      variations: pairs.map(({ term, option }, n) => ({
        regular_price: 1000 + n,
        attributes: [
          { id: colourId, term },
          { id: 0, name: "Engraving", option },
        ],
      })),
      ...extra,
    });
    return { answer, colourId, terms };
  }

  it("creates a product with its own attribute and reads it back in WooCommerce's shape, variations by it", async () => {
    const headers = await admin();
    const { answer, colourId, terms } = await createMug(headers);
    expect(answer.status).toBe(201);
    expect(answer.body.attributes).toEqual([
      expect.objectContaining({
        id: colourId,
        name: "Colour",
        options: ["Red", "Blue"],
        terms,
        variation: true,
      }),
      {
        id: 0,
        name: "Engraving",
        slug: "engraving",
        position: 1,
        visible: true,
        variation: true,
        options: ["Initials", "Full name"],
        terms: [expect.any(Number), expect.any(Number)],
        translations: {
          en: { name: "Engraving", options: ["Initials", "Full name"] },
          // The Spanish value left empty falls back to English.
          es: { name: "Grabado", options: ["Iniciales", ""] },
        },
      },
    ]);
    const variations = answer.body.variations as Array<{ attributes: unknown }>;
    expect(variations).toHaveLength(4);
    expect(variations[1]!.attributes).toEqual([
      { id: colourId, name: "Colour", option: "Red", term: terms[0] },
      { id: 0, name: "Engraving", option: "Full name", term: expect.any(Number) },
    ]);

    // The product page shows it and chooses a variation by it, in Spanish with English for what is missing.
    const page = await productBySlug(server.db, "mug", "es");
    expect(page?.attributes[1]).toEqual({
      slug: "engraving",
      label: "Grabado",
      options: [
        { slug: "initials", label: "Iniciales" },
        { slug: "full-name", label: "Full name" },
      ],
      forVariations: true,
      visible: true,
    });
    expect(page?.variations.map((variation) => variation.attributes)).toContainEqual({
      "color-fixture": "blue",
      engraving: "initials",
    });
  });

  it("keeps its values' terms when saved again, changes them, and removes it when left out", async () => {
    const headers = await admin();
    const { answer, colourId, terms } = await createMug(headers);
    const id = answer.body.id as number;
    const [own] = (answer.body.attributes as Array<{ terms: number[] }>).slice(1);
    const [initials] = own!.terms;

    // Sent back as read (WooCommerce's round trip), with one value more and the engraving display only.
    const read = (await call(`/products/${id}`, headers)).body;
    const changed = await call(`/products/${id}`, headers, "PUT", {
      attributes: [
        (read.attributes as unknown[])[0],
        { ...engraving, options: ["Initials", "Full name", "Date"], variation: false, visible: false },
      ],
      variations: terms.map((term) => ({ regular_price: 900, attributes: [{ id: colourId, term }] })),
    });
    expect(changed.status).toBe(200);
    const kept = (
      changed.body.attributes as Array<{ terms: number[]; variation: boolean; visible: boolean }>
    )[1]!;
    expect(kept).toMatchObject({
      options: ["Initials", "Full name", "Date"],
      variation: false,
      visible: false,
    });
    expect(kept.terms[0]).toBe(initials);
    const page = await productBySlug(server.db, "mug", "en");
    expect(page?.attributes[1]).toMatchObject({ slug: "engraving", forVariations: false, visible: false });

    const removed = await call(`/products/${id}`, headers, "PUT", {
      attributes: [{ id: colourId, terms }],
      variations: terms.map((term) => ({ regular_price: 900, attributes: { [colourId]: term } })),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.attributes).toHaveLength(1);
    expect(await server.db.select().from(attributes).where(eq(attributes.productId, id))).toEqual([]);
  });

  it("is neither a global attribute nor a shop filter; the same name on two products is fine; it goes with its product", async () => {
    const headers = await admin();
    const { answer } = await createMug(headers);
    const other = await call("/products", headers, "POST", {
      type: "simple",
      regular_price: 500,
      translations: { en: { name: "Plate" } },
      attributes: [{ name: "Engraving", options: ["Initials"] }],
    });
    expect(other.status).toBe(201);
    expect((other.body.attributes as Array<{ id: number; name: string }>)[0]).toMatchObject({
      id: 0,
      name: "Engraving",
    });

    const global = (await call("/products/attributes", headers)).body as Array<{ slug: string }>;
    expect(global.map((attribute) => attribute.slug)).toEqual(["color-fixture"]);
    const catalogue = await sharedAttributeCatalogue({ db: server.db, siteCache: new SiteCache() }, "en");
    expect(catalogue.map((attribute) => attribute.slug)).toEqual(["color-fixture"]);
    // Its id is not a global attribute's: its terms are not reachable as one.
    const [own] = await server.db
      .select()
      .from(attributes)
      .where(eq(attributes.productId, answer.body.id as number));
    expect((await call(`/products/attributes/${own!.id}/terms`, headers)).status).toBe(404);
    expect((await call(`/products/attributes/${own!.id}`, headers, "DELETE")).status).toBe(404);

    await server.db.delete(products).where(eq(products.id, answer.body.id as number));
    expect(await server.db.select().from(attributes).where(eq(attributes.id, own!.id))).toEqual([]);
    expect(
      await server.db.select().from(attributeTerms).where(eq(attributeTerms.attributeId, own!.id)),
    ).toEqual([]);
    expect(
      await server.db
        .select()
        .from(attributes)
        .where(eq(attributes.productId, other.body.id as number)),
    ).toHaveLength(1);
  });

  it("refuses bad own attributes and variations with 400, writing nothing", async () => {
    const headers = await admin();
    const { answer, colourId, terms } = await createMug(headers);
    const id = answer.body.id as number;
    const before = (await call(`/products/${id}`, headers)).body;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ attributes: [{ id: 0, name: "Engraving", options: [] }] }, "rest_invalid_param"],
      [{ attributes: [{ id: 0, name: " ", options: ["A"] }] }, "rest_invalid_param"],
      [{ attributes: [{ id: 0, name: "Size", options: ["S | M"] }] }, "rest_invalid_param"],
      [{ attributes: [{ id: 0, name: "Size", options: ["S"], colour: true }] }, "rest_invalid_param"],
      [{ attributes: [engraving, { ...engraving, name: "engraving" }] }, "product_attribute_name_taken"],
      [{ attributes: [{ ...engraving, options: ["Big", "big"] }] }, "product_attribute_value_twice"],
      [
        {
          attributes: [
            { id: 0, name: "Color fixture", options: ["Red"] },
            { id: colourId, terms },
          ],
        },
        "product_attribute_name_taken",
      ],
      [
        {
          attributes: [{ id: colourId, terms }, engraving],
          variations: [
            {
              regular_price: 1,
              attributes: [
                { id: colourId, term: terms[0] },
                { id: 0, name: "Engraving", option: "Date" },
              ],
            },
          ],
        },
        "product_variation_terms",
      ],
      [
        {
          attributes: [{ id: colourId, terms }, engraving],
          variations: [{ regular_price: 1, attributes: [{ id: colourId, term: terms[0] }] }],
        },
        "product_variation_terms",
      ],
      [
        {
          attributes: [engraving],
          variations: [{ regular_price: 1, attributes: [{ id: 0, option: "Initials" }] }],
        },
        "rest_invalid_param",
      ],
    ];
    for (const [body, code] of refusals) {
      const refused = await call(`/products/${id}`, headers, "PUT", {
        ...body,
        translations: { en: { name: "Changed" } },
      });
      expect([refused.status, refused.body.code], JSON.stringify(body)).toEqual([400, code]);
      expect(typeof refused.body.message).toBe("string");
    }
    expect((await call(`/products/${id}`, headers)).body).toEqual(before);
  });
});
