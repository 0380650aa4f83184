import { media, products, variations } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { checkedProductBody, productFormBody } from "../../features/admin/products/product-body.ts";
import { productBySlug } from "../../services/catalogue/catalogue.server.ts";
import {
  insertCategory,
  insertVariableProduct,
} from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { movedTo } from "../../services/shared/redirects.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

describe.each(await availableDialects())("products and categories over REST on %s", (dialect) => {
  /** The page-cache purges the routes asked for, in order. */
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  beforeEach(() => {
    purges.length = 0;
  });
  const session = async (role: "customer" | "editor" | "administrator") =>
    (await server.session(role)).headers;

  const call = server.call;

  /** The first attribute of `GET /products/attributes`, with its terms' ids (`…/{id}/terms`). */
  async function firstAttribute(headers: Record<string, string>) {
    const answer = await call("/products/attributes", headers);
    const [attribute] = answer.body as unknown as Array<{
      id: number;
      translations: Record<string, { name: string }>;
    }>;
    expect(attribute?.translations).toEqual({ en: { name: "Colour" }, es: { name: "Color" } });
    const terms = (await call(`/products/attributes/${attribute!.id}/terms`, headers))
      .body as unknown as Array<{
      id: number;
    }>;
    return { id: attribute!.id, terms: terms.map((term) => term.id) };
  }

  /** The product form's fields as the browser would send them: a simple product with a price. */
  function productForm(fields: Record<string, string>): FormData {
    const data = new FormData();
    const all = {
      status: "publish",
      stock_status: "instock",
      name_en: "Kettle",
      regular_price: "12",
      ...fields,
    };
    for (const [name, value] of Object.entries(all)) data.set(name, value);
    return data;
  }
  const simpleProduct = { type: "simple" as const, images: [], attributes: [], own: [], variations: [] };

  async function pictures(count: number): Promise<number[]> {
    const rows = await server.db
      .insert(media)
      .values(Array.from({ length: count }, (_, n) => ({ filename: `p${n}.jpg`, mimeType: "image/jpeg" })))
      .returning({ id: media.id });
    return rows.map((row) => row.id);
  }

  it("creates a variable product with two variations and their own pictures, read by the storefront in both languages", async () => {
    const admin = await session("administrator");
    const knitwear = await insertCategory(server.db, "knitwear");
    // The demo's attributes: a colour with two terms, made by the variable fixture.
    await insertVariableProduct(server.db, "fixture");
    const colour = await firstAttribute(admin);
    const [front, red, blue] = await pictures(3);

    const created = await call("/products", admin, "POST", {
      type: "variable",
      sku: "SCARF",
      translations: {
        en: { name: "Wool scarf", short_description: "Warm.", meta_description: "A warm wool scarf." },
        es: { name: "Bufanda de lana", short_description: "Cálida." },
      },
      categories: [knitwear.id],
      images: [front, red],
      attributes: [{ id: colour.id, terms: colour.terms }],
      variations: [
        {
          sku: "SCARF-R",
          regular_price: 3000,
          stock_quantity: 4,
          image_id: red,
          attributes: { [colour.id]: colour.terms[0] },
        },
        {
          sku: "SCARF-B",
          regular_price: 2800,
          sale_price: 2500,
          stock_quantity: 0,
          image_id: blue,
          attributes: { [colour.id]: colour.terms[1] },
        },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: "wool-scarf",
      type: "variable",
      status: "publish",
      // A variable product's own price and stock are its variations'.
      regular_price: 2800,
      sale_price: 2500,
      stock_quantity: null,
      stock_status: "instock",
      categories: [knitwear.id],
      images: [front, red],
      translations: {
        en: { name: "Wool scarf", meta_description: "A warm wool scarf." },
        es: { name: "Bufanda de lana", short_description: "Cálida.", meta_description: "" },
      },
      variations: [
        { sku: "SCARF-R", regular_price: 3000, stock_quantity: 4, stock_status: "instock", image_id: red },
        { sku: "SCARF-B", sale_price: 2500, stock_quantity: 0, stock_status: "outofstock", image_id: blue },
      ],
    });
    const id = created.body.id as number;
    expect(purges).toEqual([[`product-${id}`, "listing", "home"]]);

    const spanish = await productBySlug(server.db, "wool-scarf", "es");
    expect(spanish).toMatchObject({ name: "Bufanda de lana", metaDescription: "" });
    expect(spanish?.variations).toHaveLength(2);
    expect((await productBySlug(server.db, "wool-scarf", "en"))?.metaDescription).toBe("A warm wool scarf.");

    // A second save keeps the first variation (same id), changes its stock and drops the second.
    const firstVariation = (created.body.variations as Array<{ id: number }>)[0]!.id;
    const changed = await call(`/products/${id}`, admin, "PUT", {
      status: "draft",
      variations: [
        {
          id: firstVariation,
          regular_price: 3200,
          stock_quantity: 1,
          image_id: red,
          attributes: { [colour.id]: colour.terms[0] },
        },
      ],
      attributes: [{ id: colour.id, terms: [colour.terms[0]] }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      status: "draft",
      regular_price: 3200,
      sale_price: null,
      variations: [{ id: firstVariation, stock_quantity: 1 }],
      translations: { en: { name: "Wool scarf" } },
    });
    expect(await server.db.select().from(variations).where(eq(variations.productId, id))).toHaveLength(1);
    // A draft is off the storefront.
    expect(await productBySlug(server.db, "wool-scarf", "en")).toBeNull();
  });

  it("leaves a 301 at a product's old address when its slug changes", async () => {
    const admin = await session("administrator");
    const made = await call("/products", admin, "POST", {
      type: "simple",
      regular_price: 900,
      translations: { en: { name: "Jug" } },
    });
    const id = made.body.id as number;
    expect(await movedTo(server.db, "/product/jug")).toBeNull();
    expect((await call(`/products/${id}`, admin, "PUT", { slug: "milk-jug" })).status).toBe(200);
    expect(await movedTo(server.db, "/product/jug")).toBe("/product/milk-jug");
    // A save that keeps the slug leaves no redirect behind.
    expect((await call(`/products/${id}`, admin, "PUT", { regular_price: 1000 })).status).toBe(200);
    expect(await movedTo(server.db, "/product/milk-jug")).toBeNull();
  });

  it("refuses a bad save whole, naming the field, and leaves the product as it was", async () => {
    const admin = await session("administrator");
    const made = await call("/products", admin, "POST", {
      type: "simple",
      sku: "MUG",
      regular_price: 1500,
      stock_quantity: 3,
      translations: { en: { name: "Mug" } },
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(made.body).toMatchObject({ slug: "mug", stock_status: "instock" });

    const refusals: Array<[unknown, string, string]> = [
      [{ type: "simple", translations: { en: { name: "Mug" } }, sku: "MUG" }, "product_invalid_sku", "POST"],
      [{ translations: { en: { name: "" } } }, "rest_missing_callback_param", "POST"],
      [{ type: "simple", translations: { en: { name: " " } } }, "product_needs_name", "POST"],
      [
        { type: "simple", translations: { en: { name: "Cup" } }, categories: [999] },
        "product_unknown_reference",
        "POST",
      ],
      [
        { type: "simple", translations: { en: { name: "Cup" } }, slug: "Not A Slug" },
        "product_invalid_slug",
        "POST",
      ],
      [{ type: "simple", translations: { en: { name: "Cup" } }, slug: "mug" }, "product_slug_taken", "POST"],
      [{ regular_price: -1 }, "rest_invalid_param", "PUT"],
      [{ regular_price: 100, sale_price: 200 }, "product_sale_price_too_high", "PUT"],
      [{ sku: "X", color: "red" }, "rest_invalid_param", "PUT"],
      [{ translations: { en: { name: "" } } }, "product_needs_name", "PUT"],
    ];
    for (const [body, code, method] of refusals) {
      const answer = await call(method === "POST" ? "/products" : `/products/${id}`, admin, method, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([400, code]);
    }
    // A variation must name one of the product's terms of each attribute.
    const { product: tee } = await insertVariableProduct(server.db, "tee");
    const colour = await firstAttribute(admin);
    const twins = await call(`/products/${tee.id}`, admin, "PUT", {
      attributes: [{ id: colour.id, terms: colour.terms }],
      variations: [
        { regular_price: 100, attributes: { [colour.id]: colour.terms[0] } },
        { regular_price: 100, attributes: { [colour.id]: colour.terms[0] } },
      ],
    });
    expect([twins.status, twins.body.code]).toEqual([400, "product_variation_terms"]);
    expect(await server.db.select().from(variations).where(eq(variations.productId, tee.id))).toHaveLength(2);

    const [mug] = await server.db.select().from(products).where(eq(products.id, id));
    expect(mug).toMatchObject({ regularPrice: 1500, salePrice: null, sku: "MUG", stockQuantity: 3 });
    expect(await call("/products/999", admin, "PUT", { regular_price: 1 })).toMatchObject({ status: 404 });
  });

  it("refuses a bad product in the back office's form as the route does, with the route's field and message", async () => {
    const admin = await session("administrator");
    const [form, state] = [productForm, simpleProduct];
    for (const [fields, param] of [
      [{ regular_price: "12.345" }, "regular_price"],
      [{ sku: "X".repeat(101) }, "sku"],
      [{ status: "hidden" }, "status"],
      [{ meta_description_es: "x".repeat(321) }, "translations"],
      [{ stock_quantity: "1.5" }, "stock_quantity"],
    ] as const) {
      const body = productFormBody(form(fields), state);
      const { refusal } = checkedProductBody(body);
      const answer = await call("/products", admin, "POST", body);
      expect([answer.status, answer.body.data], param).toEqual([400, { param, status: 400 }]);
      expect(refusal, param).toEqual({ code: answer.body.code, param, message: answer.body.message });
    }
    const good = productFormBody(form({}), state);
    expect(checkedProductBody(good).refusal).toBeNull();
    expect((await call("/products", admin, "POST", good)).status).toBe(201);
  });

  it("keeps a product's barcode number (GTIN) from the form and over REST, and refuses a wrong check digit", async () => {
    const admin = await session("administrator");
    const data = productForm({ gtin: " 4006381333931 " });
    const state = simpleProduct;
    const { input } = checkedProductBody(productFormBody(data, state));
    const created = await call("/products", admin, "POST", input);
    expect([created.status, created.body.gtin]).toEqual([201, "4006381333931"]);
    const path = `/products/${created.body.id}`;
    expect((await call(path, admin)).body.gtin).toBe("4006381333931");
    // Left out, it keeps its value; a UPC-A (12 digits) replaces it; null clears it.
    expect((await call(path, admin, "PUT", { sku: "KETTLE" })).body.gtin).toBe("4006381333931");
    expect((await call(path, admin, "PUT", { gtin: "036000291452" })).body.gtin).toBe("036000291452");
    for (const wrong of ["4006381333932", "400638133393", "ABCDEFGHIJKLM"]) {
      data.set("gtin", wrong);
      expect(checkedProductBody(productFormBody(data, state)).refusal?.param, wrong).toBe("gtin");
      const refused = await call(path, admin, "PUT", { gtin: wrong });
      expect([refused.status, refused.body.data], wrong).toEqual([400, { param: "gtin", status: 400 }]);
    }
    expect((await call(path, admin)).body.gtin).toBe("036000291452");
    expect((await call(path, admin, "PUT", { gtin: null })).body.gtin).toBeNull();
  });

  it("keeps a product's sale days, catalogue visibility, reviews allowed and backorders in wc/v3's shape, kept when left out, and refuses a sale ending before it starts", async () => {
    const admin = await session("administrator");
    const { input } = checkedProductBody(
      productFormBody(productForm({ sale_price: "9", reviews_allowed: "1" }), simpleProduct),
    );
    const created = await call("/products", admin, "POST", input);
    expect(created.body).toMatchObject({
      date_on_sale_from: null,
      date_on_sale_to: null,
      on_sale: true,
      catalog_visibility: "visible",
      reviews_allowed: true,
      backorders: "no",
    });
    const path = `/products/${created.body.id}`;
    const changed = await call(path, admin, "PUT", {
      date_on_sale_from: "2999-06-01T00:00:00",
      date_on_sale_to: "2999-06-30",
      catalog_visibility: "search",
      reviews_allowed: false,
      backorders: "notify",
    });
    expect(changed.body).toMatchObject({
      date_on_sale_from: "2999-06-01T00:00:00",
      date_on_sale_to: "2999-06-30T23:59:59",
      // UTC days: wc/v3's _gmt names say the same.
      date_on_sale_from_gmt: "2999-06-01T00:00:00",
      date_on_sale_to_gmt: "2999-06-30T23:59:59",
      // Its sale has not begun: the price is the regular one until then.
      on_sale: false,
      catalog_visibility: "search",
      reviews_allowed: false,
      backorders: "notify",
    });
    expect((await call(path, admin, "PUT", { sku: "KETTLE-2" })).body).toMatchObject({
      date_on_sale_to: "2999-06-30T23:59:59",
      catalog_visibility: "search",
      reviews_allowed: false,
    });
    // The editor's fields send the same: days from its date fields, the select and the box.
    const edited = checkedProductBody(
      productFormBody(
        productForm({
          sale_price: "9",
          date_on_sale_from: "2999-01-01",
          date_on_sale_to: "",
          catalog_visibility: "hidden",
          backorders: "yes",
        }),
        simpleProduct,
      ),
    );
    expect((await call(path, admin, "PUT", edited.input)).body).toMatchObject({
      date_on_sale_from: "2999-01-01T00:00:00",
      date_on_sale_to: null,
      catalog_visibility: "hidden",
      // The box left unticked: reviews off.
      reviews_allowed: false,
      backorders: "yes",
    });
    const refused = await call(path, admin, "PUT", {
      date_on_sale_from: "2999-07-01",
      date_on_sale_to: "2999-06-30",
    });
    expect([refused.status, refused.body.data]).toEqual([400, { param: "date_on_sale_to", status: 400 }]);
    for (const [param, wrong] of [
      ["date_on_sale_from", "June 1st"],
      ["date_on_sale_to", "2999-02-30"],
      ["catalog_visibility", "secret"],
      ["backorders", "maybe"],
    ] as const) {
      const bad = await call(path, admin, "PUT", { [param]: wrong });
      expect([bad.status, bad.body.data], param).toEqual([400, { param, status: 400 }]);
    }
    const [kept] = await server.db
      .select()
      .from(products)
      .where(eq(products.id, created.body.id as number));
    expect(kept).toMatchObject({ dateOnSaleFrom: "2999-01-01", dateOnSaleTo: null });
  });

  it("answers wc/v3's backorder fields, and sets the stock's state by its count and backorders, below zero only where they allow it (decision 0080)", async () => {
    const admin = await session("administrator");
    const created = await call("/products", admin, "POST", {
      type: "simple",
      translations: { en: { name: "Backorder kettle" } },
      regular_price: 2000,
      stock_quantity: 0,
      backorders: "notify",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      stock_quantity: 0,
      stock_status: "onbackorder",
      backorders: "notify",
      backorders_allowed: true,
      backordered: true,
    });
    const path = `/products/${created.body.id}`;
    // Sold below zero, then restocked: the count decides the state.
    expect((await call(path, admin, "PUT", { stock_quantity: -3 })).body).toMatchObject({
      stock_quantity: -3,
      stock_status: "onbackorder",
      backordered: true,
    });
    expect((await call(path, admin, "PUT", { stock_quantity: 4 })).body).toMatchObject({
      stock_status: "instock",
      backorders_allowed: true,
      backordered: false,
    });
    // Without backorders, a count of 0 is out of stock and one below zero is refused.
    expect((await call(path, admin, "PUT", { stock_quantity: 0, backorders: "no" })).body).toMatchObject({
      stock_status: "outofstock",
      backorders_allowed: false,
      backordered: false,
    });
    const refused = await call(path, admin, "PUT", { stock_quantity: -1 });
    expect([refused.status, refused.body.code, refused.body.data]).toEqual([
      400,
      "product_negative_stock",
      { param: "stock_quantity", status: 400 },
    ]);
    // Backorders allowed again on the count of 0 left: on backorder.
    expect((await call(path, admin, "PUT", { backorders: "yes" })).body).toMatchObject({
      stock_quantity: 0,
      stock_status: "onbackorder",
    });
    // A stock not counted allows none, as WooCommerce, whatever the setting kept says.
    expect(
      (await call(path, admin, "PUT", { stock_quantity: null, stock_status: "instock" })).body,
    ).toMatchObject({ backorders: "yes", backorders_allowed: false, backordered: false });

    // A variation's own backorders, kept when a save leaves them out.
    await insertVariableProduct(server.db, "backorder-fixture");
    const colour = await firstAttribute(admin);
    const terms = (n: number) => ({ [colour.id]: colour.terms[n]! });
    const variable = await call("/products", admin, "POST", {
      type: "variable",
      translations: { en: { name: "Backorder scarf" } },
      attributes: [{ id: colour.id, terms: colour.terms }],
      variations: [
        { regular_price: 3000, stock_quantity: 0, backorders: "notify", attributes: terms(0) },
        { regular_price: 3000, stock_quantity: 0, attributes: terms(1) },
      ],
    });
    expect(variable.status).toBe(201);
    expect(variable.body).toMatchObject({
      // A variable product's state is its variations'.
      stock_status: "onbackorder",
      variations: [
        { stock_status: "onbackorder", backorders: "notify", backorders_allowed: true, backordered: true },
        { stock_status: "outofstock", backorders: "no", backorders_allowed: false, backordered: false },
      ],
    });
    const [first, second] = (variable.body.variations as Array<{ id: number }>).map((each) => each.id);
    const saved = await call(`/products/${variable.body.id}`, admin, "PUT", {
      attributes: [{ id: colour.id, terms: colour.terms }],
      variations: [
        { id: first, regular_price: 3000, stock_quantity: -2, attributes: terms(0) },
        { id: second, regular_price: 3000, stock_quantity: 5, attributes: terms(1) },
      ],
    });
    expect(saved.body.variations).toMatchObject([
      { stock_quantity: -2, stock_status: "onbackorder", backorders: "notify" },
      { stock_quantity: 5, stock_status: "instock", backorders: "no" },
    ]);
  });

  it("keeps a variation's sale days in wc/v3's shape (with the _gmt names of the same UTC days), kept when left out, and refuses a variation's sale ending before it starts", async () => {
    const admin = await session("administrator");
    await insertVariableProduct(server.db, "fixture");
    const colour = await firstAttribute(admin);
    const red = { regular_price: 3000, sale_price: 2500, attributes: { [colour.id]: colour.terms[0] } };
    const blue = { regular_price: 2800, sale_price: 2000, attributes: { [colour.id]: colour.terms[1] } };
    const attributes = [{ id: colour.id, terms: colour.terms }];
    const created = await call("/products", admin, "POST", {
      type: "variable",
      translations: { en: { name: "Sale scarf" } },
      attributes,
      variations: [
        {
          ...red,
          sku: "SALE-R",
          date_on_sale_from: "2999-06-01",
          date_on_sale_to_gmt: "2999-06-30T12:00:00",
        },
        { ...blue, sku: "SALE-B" },
      ],
    });
    expect(created.status).toBe(201);
    const [redId, blueId] = (created.body.variations as Array<{ id: number }>).map(
      (variation) => variation.id,
    );
    expect(created.body.variations).toMatchObject([
      {
        date_on_sale_from: "2999-06-01T00:00:00",
        date_on_sale_from_gmt: "2999-06-01T00:00:00",
        date_on_sale_to: "2999-06-30T23:59:59",
        date_on_sale_to_gmt: "2999-06-30T23:59:59",
        // Its sale has not begun.
        on_sale: false,
      },
      {
        date_on_sale_from: null,
        date_on_sale_from_gmt: null,
        date_on_sale_to: null,
        date_on_sale_to_gmt: null,
        on_sale: true,
      },
    ]);

    // Left out (as the back office's editor sends a variation), the days stay; given, they change.
    const path = `/products/${created.body.id}`;
    const changed = await call(path, admin, "PUT", {
      attributes,
      variations: [
        { ...red, id: redId },
        { ...blue, id: blueId, date_on_sale_to: "2000-01-31" },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.variations).toMatchObject([
      { id: redId, date_on_sale_from: "2999-06-01T00:00:00", date_on_sale_to: "2999-06-30T23:59:59" },
      // Its sale is over.
      { id: blueId, date_on_sale_from: null, date_on_sale_to: "2000-01-31T23:59:59", on_sale: false },
    ]);
    expect((await call(path, admin)).body.variations).toMatchObject([
      { date_on_sale_to_gmt: "2999-06-30T23:59:59" },
      { date_on_sale_to_gmt: "2000-01-31T23:59:59" },
    ]);

    // A first day after the last one kept, or both given backwards: refused whole, nothing written.
    for (const days of [
      { date_on_sale_from: "2999-07-01" },
      { date_on_sale_from_gmt: "2999-05-02", date_on_sale_to: "2999-05-01" },
    ]) {
      const refused = await call(path, admin, "PUT", {
        attributes,
        variations: [
          { ...red, id: redId, ...days },
          { ...blue, id: blueId, sale_price: 1000 },
        ],
      });
      expect([refused.status, refused.body.code, refused.body.data], JSON.stringify(days)).toEqual([
        400,
        "product_invalid_sale_dates",
        { param: "variations", status: 400 },
      ]);
    }
    const bad = await call(path, admin, "PUT", {
      attributes,
      variations: [
        { ...red, id: redId, date_on_sale_from: "June 1st" },
        { ...blue, id: blueId },
      ],
    });
    expect(bad.status).toBe(400);
    const saved = await server.db
      .select()
      .from(variations)
      .where(eq(variations.productId, created.body.id as number))
      .orderBy(variations.menuOrder);
    expect(saved).toMatchObject([
      { id: redId, dateOnSaleFrom: "2999-06-01", dateOnSaleTo: "2999-06-30" },
      { id: blueId, salePrice: 2000, dateOnSaleFrom: null, dateOnSaleTo: "2000-01-31" },
    ]);
  });

  it("lists with search, category and stock filters, sorted and paged", async () => {
    const admin = await session("administrator");
    const kitchen = await insertCategory(server.db, "kitchen");
    const make = (name: string, price: number, stock: number, categories: number[] = []) =>
      call("/products", admin, "POST", {
        type: "simple",
        regular_price: price,
        stock_quantity: stock,
        categories,
        translations: { en: { name }, es: { name: `${name} (es)` } },
      });
    await make("Copper kettle", 4000, 2, [kitchen.id]);
    await make("Tea cup", 900, 0, [kitchen.id]);
    await make("Garden hose", 2500, 7);
    const names = async (query: string) =>
      ((await call(`/products?${query}`, admin)).body as unknown as Array<{ name: string }>).map(
        (p) => p.name,
      );
    expect(await names("search=KETTLE")).toEqual(["Copper kettle"]);
    expect(await names("search=(es)&orderby=price&order=desc")).toEqual([
      "Copper kettle",
      "Garden hose",
      "Tea cup",
    ]);
    expect(await names(`category=${kitchen.id}&orderby=name`)).toEqual(["Copper kettle", "Tea cup"]);
    expect(await names("stock_status=outofstock")).toEqual(["Tea cup"]);
    expect(await names("orderby=name&per_page=2&page=2")).toEqual(["Tea cup"]);
    expect((await call("/products?stock_status=gone", admin)).status).toBe(400);
  });

  it("finds products by exact SKU and by id (wc/v3's sku and include), never answering the whole catalogue", async () => {
    const admin = await session("administrator");
    const make = async (name: string, sku: string) =>
      (
        await call("/products", admin, "POST", {
          type: "simple",
          sku,
          regular_price: 1000,
          translations: { en: { name } },
        })
      ).body.id as number;
    const kettle = await make("Kettle", "KET-1");
    const cup = await make("Cup", "CUP-1");
    await make("Kettle lid", "KET-10");
    const found = async (query: string) =>
      ((await call(`/products?${query}`, admin)).body as unknown as Array<{ id: number }>).map(
        (product) => product.id,
      );
    // A script looks a product up by its SKU and changes the first one answered.
    expect(await found("sku=KET-1")).toEqual([kettle]);
    expect(await found("sku=KET-1,CUP-1")).toEqual([kettle, cup]);
    expect(await found("sku=NONE")).toEqual([]);
    expect(await found(`include=${cup},${kettle}`)).toEqual([kettle, cup]);
    expect(await found(`include=${cup}&include=${kettle}`)).toEqual([kettle, cup]);
    const bad = await call("/products?include=one", admin);
    expect([bad.status, bad.body.code]).toEqual([400, "rest_invalid_param"]);
  });

  it("keeps a variation's SKU, sale price, stock and picture when a save leaves them out", async () => {
    const admin = await session("administrator");
    await insertVariableProduct(server.db, "fixture");
    const colour = await firstAttribute(admin);
    const [picture] = await pictures(1);
    const attributes = [{ id: colour.id, terms: colour.terms }];
    const created = await call("/products", admin, "POST", {
      type: "variable",
      translations: { en: { name: "Counted scarf" } },
      attributes,
      variations: [
        {
          sku: "COUNT-R",
          regular_price: 3000,
          sale_price: 2500,
          stock_quantity: 0,
          image_id: picture,
          attributes: { [colour.id]: colour.terms[0] },
        },
      ],
    });
    expect(created.status).toBe(201);
    const [red] = created.body.variations as Array<{ id: number }>;

    // A script changes the price only, as WooCommerce keeps every field a save leaves out.
    const changed = await call(`/products/${created.body.id}`, admin, "PUT", {
      attributes,
      variations: [{ id: red!.id, regular_price: 3200, attributes: { [colour.id]: colour.terms[0] } }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.variations).toMatchObject([
      {
        id: red!.id,
        sku: "COUNT-R",
        regular_price: 3200,
        sale_price: 2500,
        stock_quantity: 0,
        stock_status: "outofstock",
        image_id: picture,
      },
    ]);
    expect(changed.body).toMatchObject({ sale_price: 2500, stock_status: "outofstock" });

    // The kept sale price still has to be below a price given.
    const refused = await call(`/products/${created.body.id}`, admin, "PUT", {
      attributes,
      variations: [{ id: red!.id, regular_price: 2000, attributes: { [colour.id]: colour.terms[0] } }],
    });
    expect([refused.status, refused.body.code]).toEqual([400, "product_sale_price_too_high"]);
    // Given as null, they are cleared.
    const cleared = await call(`/products/${created.body.id}`, admin, "PUT", {
      attributes,
      variations: [
        {
          id: red!.id,
          regular_price: 3200,
          sku: null,
          sale_price: null,
          stock_quantity: null,
          image_id: null,
          attributes: { [colour.id]: colour.terms[0] },
        },
      ],
    });
    expect(cleared.body.variations).toMatchObject([
      { sku: null, sale_price: null, stock_quantity: null, image_id: null },
    ]);
  });

  it("refuses a SKU that a variation of another product has, and a variation's SKU that a product has", async () => {
    const admin = await session("administrator");
    await insertVariableProduct(server.db, "fixture");
    const colour = await firstAttribute(admin);
    const attributes = [{ id: colour.id, terms: colour.terms }];
    const variable = await call("/products", admin, "POST", {
      type: "variable",
      translations: { en: { name: "Scarf" } },
      attributes,
      variations: [{ sku: "SHARED", regular_price: 3000, attributes: { [colour.id]: colour.terms[0] } }],
    });
    expect(variable.status).toBe(201);
    const simple = await call("/products", admin, "POST", {
      type: "simple",
      sku: "SHARED",
      regular_price: 1000,
      translations: { en: { name: "Hat" } },
    });
    expect([simple.status, simple.body.code, simple.body.data]).toEqual([
      400,
      "product_invalid_sku",
      { param: "sku", status: 400 },
    ]);
    const hat = await call("/products", admin, "POST", {
      type: "simple",
      sku: "HAT",
      regular_price: 1000,
      translations: { en: { name: "Hat" } },
    });
    expect(hat.status).toBe(201);
    const [red] = variable.body.variations as Array<{ id: number }>;
    const taken = await call(`/products/${variable.body.id}`, admin, "PUT", {
      attributes,
      variations: [
        { id: red!.id, sku: "HAT", regular_price: 3000, attributes: { [colour.id]: colour.terms[0] } },
      ],
    });
    expect([taken.status, taken.body.code]).toEqual([400, "product_invalid_sku"]);
    expect(await server.db.select({ sku: variations.sku }).from(variations)).toEqual(
      expect.arrayContaining([{ sku: "SHARED" }]),
    );
    // A product's own SKU may not be one of its own variations' either.
    const own = await call(`/products/${variable.body.id}`, admin, "PUT", { sku: "SHARED" });
    expect([own.status, own.body.code]).toEqual([400, "product_invalid_sku"]);
  });

  it("keeps the category tree: names in both languages, explicit order, moves and deletion", async () => {
    const admin = await session("administrator");
    const create = async (name: string, parent: number | null = null) => {
      const answer = await call("/products/categories", admin, "POST", {
        parent,
        translations: { en: { name }, es: { name: `${name} ES` } },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    };
    const clothing = await create("Clothing");
    const home = await create("Home & living");
    const tops = await create("Tops", clothing);
    const tree = async () =>
      (
        (await call("/products/categories", admin)).body as unknown as Array<{
          id: number;
          parent: number | null;
          slug: string;
        }>
      ).map((category) => [category.slug, category.parent]);
    expect(await tree()).toEqual([
      ["clothing", null],
      ["tops", clothing],
      ["home-living", null],
    ]);
    expect(purges).toEqual([undefined, undefined, undefined]);

    const arranged = await call("/products/categories/order", admin, "PUT", [
      { id: home, parent: null },
      { id: clothing, parent: null },
      { id: tops, parent: home },
    ]);
    expect(arranged.status).toBe(200);
    expect(await tree()).toEqual([
      ["home-living", null],
      ["tops", home],
      ["clothing", null],
    ]);
    // A category below itself, or a tree that leaves one out, is refused.
    expect(
      (
        await call("/products/categories/order", admin, "PUT", [
          { id: home, parent: tops },
          { id: tops, parent: home },
          { id: clothing, parent: null },
        ])
      ).status,
    ).toBe(400);
    expect(
      (await call("/products/categories/order", admin, "PUT", [{ id: home, parent: null }])).status,
    ).toBe(400);
    expect((await call(`/products/categories/${home}`, admin, "PUT", { parent: tops })).status).toBe(400);

    expect(
      (
        await call(`/products/categories/${tops}`, admin, "PUT", {
          translations: { es: { name: "Camisetas" } },
        })
      ).status,
    ).toBe(200);
    const listed = (await call("/products/categories", admin)).body as unknown as Array<{
      id: number;
      translations: Record<string, { name: string }>;
    }>;
    expect(listed.find((category) => category.id === tops)?.translations).toEqual({
      en: { name: "Tops", description: "" },
      es: { name: "Camisetas", description: "" },
    });

    expect((await call(`/products/categories/${home}`, admin, "DELETE")).status).toBe(200);
    expect(await tree()).toEqual([
      ["tops", null],
      ["clothing", null],
    ]);
    expect((await call(`/products/categories/${home}`, admin, "DELETE")).status).toBe(404);
    expect(
      (
        await call("/products/categories", admin, "POST", {
          translations: { en: { name: "Tops" } },
          slug: "tops",
        })
      ).body.code,
    ).toBe("term_exists");
  });

  it("keeps a category's picture: chosen, listed, cleared; an unknown or malformed picture is refused", async () => {
    const admin = await session("administrator");
    const [picture] = await pictures(1);
    const created = await call("/products/categories", admin, "POST", {
      translations: { en: { name: "Lamps" } },
      image: picture,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const imageOf = async () =>
      (
        (await call("/products/categories", admin)).body as unknown as Array<{
          id: number;
          image: number | null;
        }>
      ).find((category) => category.id === id)?.image;
    expect(await imageOf()).toBe(picture);

    purges.length = 0;
    expect((await call(`/products/categories/${id}`, admin, "PUT", { image: null })).status).toBe(200);
    expect(await imageOf()).toBeNull();
    // Every shared page may show the category: the whole cache is purged.
    expect(purges).toEqual([undefined]);
    expect((await call(`/products/categories/${id}`, admin, "PUT", { image: picture })).status).toBe(200);
    expect(await imageOf()).toBe(picture);

    for (const [image, code] of [
      [picture! + 1000, "product_unknown_reference"],
      ["12", "rest_invalid_param"],
      [{ id: picture }, "rest_invalid_param"],
      [0, "rest_invalid_param"],
    ] as const) {
      const refused = await call(`/products/categories/${id}`, admin, "PUT", { image });
      expect([refused.status, refused.body.code]).toEqual([400, code]);
    }
    expect(await imageOf()).toBe(picture);
  });

  it("is for administrators only", async () => {
    const editor = await session("editor");
    for (const [path, method] of [
      ["/products", "GET"],
      ["/products", "POST"],
      ["/products/categories", "GET"],
      ["/products/categories/order", "PUT"],
    ] as const) {
      const answer = await call(path, editor, method, method === "GET" ? undefined : {});
      expect([answer.status, answer.body.code]).toEqual([403, "rest_forbidden"]);
    }
  });
});
