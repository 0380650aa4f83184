import { availableDialects } from "@vitrine/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import {
  checkedProductBody,
  emptyVariation,
  productFormBody,
} from "../../features/admin/products/product-body.ts";
import { insertVariableProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { insertStoreTaxClasses } from "../../services/taxes/tax-fixtures.test-helper.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

/** A product's tax status and class, and a variation's class, over REST (decision 0067). */
describe.each(await availableDialects())("a product's tax fields over REST on %s", (dialect) => {
  const server = restTestServer(dialect);
  const admin = async () => (await server.session("administrator")).headers;
  const call = server.call;
  beforeEach(async () => {
    await insertStoreTaxClasses(server.db);
  });

  it("takes tax_status and tax_class as WooCommerce names them, keeps them when left out, and refuses an unknown class", async () => {
    const headers = await admin();
    const made = await call("/products", headers, "POST", {
      type: "simple",
      regular_price: 1000,
      translations: { en: { name: "Cookbook" } },
    });
    expect(made.body).toMatchObject({ tax_status: "taxable", tax_class: "" });
    const id = made.body.id as number;
    const changed = await call(`/products/${id}`, headers, "PUT", {
      tax_status: "shipping",
      tax_class: "reduced-rate",
    });
    expect(changed.body).toMatchObject({ tax_status: "shipping", tax_class: "reduced-rate" });
    expect((await call(`/products/${id}`, headers, "PUT", { regular_price: 1200 })).body).toMatchObject({
      tax_status: "shipping",
      tax_class: "reduced-rate",
    });
    expect((await call(`/products/${id}`, headers, "PUT", { tax_class: "standard" })).body).toMatchObject({
      tax_class: "",
    });
    for (const [body, param] of [
      [{ tax_class: "luxury" }, "tax_class"],
      [{ tax_class: "Reduced Rate" }, "tax_class"],
      [{ tax_status: "exempt" }, "tax_status"],
    ] as const) {
      const refused = await call(`/products/${id}`, headers, "PUT", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: "rest_invalid_param", data: { param } });
    }
  });

  it("gives a variation the product's class unless it names its own", async () => {
    const headers = await admin();
    const productId = (await insertVariableProduct(server.db, "shirt")).product.id;
    const product = (await call(`/products/${productId}`, headers)).body as unknown as {
      attributes: Array<{ id: number; terms: number[] }>;
      variations: Array<{
        id: number;
        tax_class: string;
        regular_price: number;
        attributes: Array<{ id: number; term: number }>;
      }>;
    };
    expect(product.variations.map((variation) => variation.tax_class)).toEqual(
      product.variations.map(() => "parent"),
    );
    const [first, ...rest] = product.variations;
    const saved = await call(`/products/${productId}`, headers, "PUT", {
      // The fixture's variations stand for its colour's terms; the product offers them.
      attributes: [
        {
          id: first!.attributes[0]!.id,
          terms: product.variations.map((variation) => variation.attributes[0]!.term),
        },
      ],
      variations: [
        {
          id: first!.id,
          regular_price: first!.regular_price,
          tax_class: "zero-rate",
          attributes: first!.attributes.map(({ id, term }) => ({ id, term })),
        },
        ...rest.map((variation) => ({
          id: variation.id,
          regular_price: variation.regular_price,
          attributes: variation.attributes.map(({ id, term }) => ({ id, term })),
        })),
      ],
    });
    expect(saved.status).toBe(200);
    expect(
      (saved.body.variations as Array<{ tax_class: string }>).map((variation) => variation.tax_class),
    ).toEqual(["zero-rate", ...rest.map(() => "parent")]);
  });

  it("the form sends the tax fields, and its own check refuses what the route refuses", () => {
    const form = new FormData();
    form.set("status", "publish");
    form.set("tax_status", "none");
    form.set("tax_class", "zero-rate");
    const state = {
      type: "variable" as const,
      images: [],
      attributes: [],
      own: [],
      variations: [{ ...emptyVariation(), price: "10" }],
    };
    const { input } = checkedProductBody(productFormBody(form, state));
    expect(input).toMatchObject({
      tax_status: "none",
      tax_class: "zero-rate",
      variations: [{ tax_class: "parent" }],
    });
    form.set("tax_status", "exempt");
    expect(checkedProductBody(productFormBody(form, state)).refusal).toMatchObject({ param: "tax_status" });
  });
});
