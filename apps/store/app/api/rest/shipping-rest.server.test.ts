import { availableDialects } from "@vitrine/db/testing";
import { describe, expect, it } from "vitest";
import { insertVariableProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { insertStoreShipping } from "../../services/shipping/shipping-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("shipping zones and classes REST on %s", (dialect) => {
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  const call = server.call;

  it("makes a zone with its locations and methods in WooCommerce's shape", async () => {
    await insertStoreShipping(server.db);
    const admin = (await server.session("administrator")).headers;
    const made = await call("/shipping/zones", admin, "POST", { name: "Spain" });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(made.body).toEqual({ id, name: "Spain", order: 1 });
    const locations = [
      { code: "ES", type: "country" },
      { code: "280*", type: "postcode" },
      { code: "28000...28999", type: "postcode" },
    ];
    const placed = await call(`/shipping/zones/${id}/locations`, admin, "PUT", locations);
    expect(placed.body).toEqual(locations.map(({ type, code }) => ({ type, code })));
    const flat = await call(`/shipping/zones/${id}/methods`, admin, "POST", {
      method_id: "flat_rate",
      settings: { title: "Courier", cost: "4 + 1 * [qty]", class_cost_7: "2", type: "order" },
    });
    expect(flat.status).toBe(201);
    expect(flat.body).toMatchObject({
      instance_id: flat.body.id,
      title: "Courier",
      order: 1,
      enabled: true,
      method_id: "flat_rate",
      method_title: "Flat rate",
      settings: { cost: { id: "cost", value: "4 + 1 * [qty]" }, type: { value: "order" } },
    });
    const free = await call(`/shipping/zones/${id}/methods`, admin, "POST", {
      method_id: "free_shipping",
      settings: { requires: "min_amount", min_amount: "50", ignore_discounts: "yes" },
    });
    expect(free.body).toMatchObject({
      title: "Free shipping",
      order: 2,
      settings: {
        requires: { value: "min_amount" },
        min_amount: { value: "50" },
        ignore_discounts: { value: "yes" },
      },
    });
    const off = await call(`/shipping/zones/${id}/methods/${free.body.id}`, admin, "PUT", { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, settings: { min_amount: { value: "50" } } });
    expect((await call("/shipping/zones", admin)).body).toEqual([
      { id: 0, name: "Locations not covered by your other zones", order: 0 },
      { id, name: "Spain", order: 1 },
    ]);
    expect(
      (await call("/shipping/zones/0/methods", admin)).body.map(
        (m) => (m as { method_id: string }).method_id,
      ),
    ).toEqual(["flat_rate", "local_pickup"]);
    // Every change empties every process's zones: a purge of all pages goes through the change feed.
    expect(purges.length).toBeGreaterThanOrEqual(5);
    expect(purges.every((tags) => tags === undefined)).toBe(true);
  });

  it("refuses bad input with a 400 naming the field, and zone 0's change with a 403", async () => {
    await insertStoreShipping(server.db);
    const admin = (await server.session("administrator")).headers;
    const id = (await call("/shipping/zones", admin, "POST", { name: "Mexico" })).body.id as number;
    const refusals: Array<[string, string, unknown, string]> = [
      ["POST", "/shipping/zones", { name: "" }, "name"],
      ["PUT", `/shipping/zones/${id}/locations`, [{ type: "country", code: "ZZ" }], "0"],
      ["PUT", `/shipping/zones/${id}/locations`, [{ type: "planet", code: "MARS" }], "0"],
      ["POST", `/shipping/zones/${id}/methods`, { method_id: "table_rate" }, "method_id"],
      [
        "POST",
        `/shipping/zones/${id}/methods`,
        { method_id: "flat_rate", settings: { cost: "2 * (" } },
        "settings.cost",
      ],
      [
        "POST",
        `/shipping/zones/${id}/methods`,
        { method_id: "flat_rate", settings: { weight: "2" } },
        "settings",
      ],
      [
        "POST",
        `/shipping/zones/${id}/methods`,
        { method_id: "free_shipping", settings: { min_amount: "lots" } },
        "settings.min_amount",
      ],
      [
        "POST",
        `/shipping/zones/${id}/methods`,
        { method_id: "free_shipping", settings: { requires: "moon" } },
        "settings.requires",
      ],
    ];
    for (const [method, path, body, param] of refusals) {
      const answer = await call(path, admin, method, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({ code: "rest_invalid_param", data: { param } });
    }
    expect((await call("/shipping/zones/0", admin, "PUT", { name: "Elsewhere" })).status).toBe(403);
    expect((await call("/shipping/zones/0", admin, "DELETE")).status).toBe(403);
    expect((await call("/shipping/zones/999", admin)).status).toBe(404);
    expect((await call(`/shipping/zones/${id}/methods/999`, admin)).status).toBe(404);
    // An editor may read the shipping classes (the product form lists them), not the zones.
    const editor = (await server.session("editor")).headers;
    expect((await call("/shipping/zones", editor)).status).toBe(403);
    expect((await call("/products/shipping_classes", editor)).status).toBe(200);
    expect((await call("/products/shipping_classes", editor, "POST", { name: "Bulky" })).status).toBe(403);
  });

  it("reorders zones, and deletes a zone with its locations and methods", async () => {
    await insertStoreShipping(server.db);
    const admin = (await server.session("administrator")).headers;
    const a = (await call("/shipping/zones", admin, "POST", { name: "A" })).body.id as number;
    const b = (await call("/shipping/zones", admin, "POST", { name: "B" })).body.id as number;
    const ordered = await call("/shipping/zones/order", admin, "PUT", [b, a]);
    expect(ordered.body.map((zone) => (zone as { name: string }).name)).toEqual([
      "Locations not covered by your other zones",
      "B",
      "A",
    ]);
    await call(`/shipping/zones/${a}/methods`, admin, "POST", { method_id: "local_pickup" });
    expect((await call(`/shipping/zones/${a}`, admin, "DELETE")).body).toEqual({
      id: a,
      name: "A",
      order: 2,
    });
    expect((await call(`/shipping/zones/${a}/methods`, admin)).status).toBe(404);
  });

  it("gives a product a shipping class by slug (products REST shipping_class, shipping_class_id)", async () => {
    const admin = (await server.session("administrator")).headers;
    const bulky = (await call("/products/shipping_classes", admin, "POST", { name: "Bulky" })).body
      .id as number;
    const made = await call("/products", admin, "POST", {
      type: "simple",
      regular_price: 1000,
      translations: { en: { name: "Sofa" } },
      shipping_class: "bulky",
    });
    expect(made.body).toMatchObject({ shipping_class: "bulky", shipping_class_id: bulky });
    const id = made.body.id as number;
    expect((await call(`/products/${id}`, admin, "PUT", { regular_price: 1200 })).body).toMatchObject({
      shipping_class: "bulky",
    });
    expect((await call(`/products/shipping_classes/${bulky}`, admin)).body).toMatchObject({ count: 1 });
    const refused = await call(`/products/${id}`, admin, "PUT", { shipping_class: "huge" });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: "rest_invalid_param", data: { param: "shipping_class" } },
    });
    expect((await call(`/products/${id}`, admin, "PUT", { shipping_class: "" })).body).toMatchObject({
      shipping_class: "",
      shipping_class_id: 0,
    });
  });

  it("gives a variation its own shipping class, or its product's when it names none", async () => {
    const admin = (await server.session("administrator")).headers;
    const bulky = (await call("/products/shipping_classes", admin, "POST", { name: "Bulky" })).body
      .id as number;
    const productId = (await insertVariableProduct(server.db, "shirt")).product.id;
    type Variation = { id: number; regular_price: number; attributes: Array<{ id: number; term: number }> };
    const { variations } = (await call(`/products/${productId}`, admin)).body as unknown as {
      variations: Variation[];
    };
    const [first, ...rest] = variations;
    const body = (variation: Variation) => ({
      id: variation.id,
      regular_price: variation.regular_price,
      attributes: variation.attributes.map(({ id, term }) => ({ id, term })),
    });
    const saved = await call(`/products/${productId}`, admin, "PUT", {
      attributes: [
        { id: first!.attributes[0]!.id, terms: variations.map((variation) => variation.attributes[0]!.term) },
      ],
      variations: [{ ...body(first!), shipping_class: "bulky" }, ...rest.map(body)],
    });
    expect(saved.status).toBe(200);
    expect(
      (saved.body.variations as Array<{ shipping_class: string; shipping_class_id: number }>).map(
        (variation) => [variation.shipping_class, variation.shipping_class_id],
      ),
    ).toEqual([["bulky", bulky], ...rest.map(() => ["", 0])]);
  });

  it("keeps shipping classes with their products' count; a taken slug is refused", async () => {
    const admin = (await server.session("administrator")).headers;
    const made = await call("/products/shipping_classes", admin, "POST", {
      name: "Bulky items",
      description: "Big",
    });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: made.body.id,
      name: "Bulky items",
      slug: "bulky-items",
      description: "Big",
      count: 0,
    });
    const taken = await call("/products/shipping_classes", admin, "POST", {
      name: "Other",
      slug: "bulky-items",
    });
    expect(taken).toMatchObject({
      status: 400,
      body: { code: "term_exists", data: { param: "slug" } },
    });
    const renamed = await call(`/products/shipping_classes/${made.body.id}`, admin, "PUT", { name: "Bulky" });
    expect(renamed.body).toMatchObject({ name: "Bulky", slug: "bulky-items" });
    expect((await call(`/products/shipping_classes/${made.body.id}`, admin, "DELETE")).status).toBe(200);
    expect((await call("/products/shipping_classes", admin)).body).toEqual([]);
  });
});
