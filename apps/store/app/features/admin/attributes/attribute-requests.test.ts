import { describe, expect, it } from "vitest";
import { attributeInput, termInput } from "../../../lib/attribute-resource.ts";
import { RestClientError } from "../../../lib/rest-client.ts";
import { attributeBody, deletion, inUseOf, movedOrder, termBody } from "./attribute-requests.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the attributes page's requests", () => {
  it.each([
    ["up from the foot", 3, -1, [1, 3, 2]],
    ["up from the middle", 2, -1, [2, 1, 3]],
    ["down from the top", 1, 1, [2, 1, 3]],
    ["down to the foot", 2, 1, [1, 3, 2]],
    ["up from the top", 1, -1, null],
    ["down from the foot", 3, 1, null],
    ["a term it does not have", 9, -1, null],
  ] as const)("moves a term %s, naming every term once", (_, id, by, order) => {
    expect(movedOrder([{ id: 1 }, { id: 2 }, { id: 3 }], id, by)).toEqual(order);
  });

  it("reads an attribute form into what the route takes, leaving out an empty name and slug", () => {
    const full = attributeBody(
      form({ name_en: " Material ", name_es: "Tejido", slug: "material", order_by: "name" }),
    );
    expect(full).toEqual({
      slug: "material",
      order_by: "name",
      translations: { en: { name: "Material" }, es: { name: "Tejido" } },
    });
    const bare = attributeBody(form({ name_en: "Material", name_es: "", slug: "", order_by: "menu_order" }));
    expect(bare).toEqual({
      slug: undefined,
      order_by: "menu_order",
      translations: { en: { name: "Material" } },
    });
    expect(attributeInput.safeParse(full).success).toBe(true);
    expect(attributeInput.safeParse(bare).success).toBe(true);
  });

  it("reads a term form: names when given, descriptions always (an empty one clears it)", () => {
    const body = termBody(
      form({ name_en: "Wool", description_en: "Warm.", name_es: "", description_es: "", slug: "" }),
    );
    expect(body).toEqual({
      slug: undefined,
      translations: { en: { name: "Wool", description: "Warm." }, es: { description: "" } },
    });
    expect(termInput.safeParse(body).success).toBe(true);
  });

  it("deletes with force only when asked", () => {
    expect(deletion("/products/attributes/4/terms/9", false)).toEqual({
      path: "/products/attributes/4/terms/9",
      method: "DELETE",
    });
    expect(deletion("/products/attributes/4", true)).toEqual({
      path: "/products/attributes/4?force=true",
      method: "DELETE",
    });
  });

  it("finds the products a refused deletion names, and only in a refusal for that", () => {
    const products = [{ id: 7, name: "Linen shirt" }];
    const refused = (code: string, data: unknown) => new RestClientError(code, "Refused.", 409, data);
    expect(inUseOf(refused("term_in_use", { products, status: 409 }))).toEqual({
      code: "term_in_use",
      products,
    });
    expect(inUseOf(refused("term_used_by_variations", { products }))).toEqual({
      code: "term_used_by_variations",
      products,
    });
    expect(inUseOf(refused("term_in_use", { status: 409 }))).toBeNull();
    expect(inUseOf(refused("rest_forbidden", { products }))).toBeNull();
  });
});
