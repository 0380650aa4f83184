import { ADMIN, bearer, expect, test } from "./fixtures.ts";

/**
 * Addresses (issue 39): a product's or a category's old address answers 301 to its new one, in one
 * hop from any address it had before, keeping the rest of the path and the query; a taken address
 * is refused, naming the field.
 */
test("old product and category addresses answer 301 to the new ones in one hop; a taken address is refused", async ({
  spareStore,
}) => {
  const spare = await spareStore({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const api = async (method: string, path: string, data?: unknown, token?: string) => {
    const response = await fetch(`${spare.origin}/api/vitrine/v2${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? bearer(token) : {}) },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const { token } = (await api("POST", "/auth/token", ADMIN)).body as { token: string };
  const hop = async (path: string) => {
    const response = await fetch(`${spare.origin}${path}`, { redirect: "manual" });
    return [response.status, response.headers.get("Location")];
  };

  const category = await api(
    "POST",
    "/products/categories",
    { translations: { en: { name: "Mugs" } } },
    token,
  );
  expect(category.status).toBe(201);
  const categoryId = category.body.id as number;
  for (const slug of ["cups", "beakers"])
    expect((await api("PUT", `/products/categories/${categoryId}`, { slug }, token)).status).toBe(200);
  expect(await hop("/product-category/mugs")).toEqual([301, "/product-category/beakers"]);
  expect(await hop("/product-category/cups")).toEqual([301, "/product-category/beakers"]);
  expect(await hop("/product-category/mugs/page/2?orderby=price")).toEqual([
    301,
    "/product-category/beakers/page/2?orderby=price",
  ]);
  expect((await fetch(`${spare.origin}/product-category/beakers`)).status).toBe(200);
  expect(await hop("/product-category/never-was")).toEqual([404, null]);

  const mug = { type: "simple", translations: { en: { name: "Mug" } }, regular_price: 1000 };
  const made = await api("POST", "/products", mug, token);
  expect(made.body.slug).toBe("mug");
  const productId = made.body.id as number;
  for (const slug of ["mug-b", "mug-c"])
    expect((await api("PUT", `/products/${productId}`, { slug }, token)).status).toBe(200);
  expect(await hop("/product/mug")).toEqual([301, "/product/mug-c"]);
  expect(await hop("/product/mug-b?ref=mail")).toEqual([301, "/product/mug-c?ref=mail"]);

  const cup = await api("POST", "/products", { ...mug, translations: { en: { name: "Cup" } } }, token);
  const taken = await api("PUT", `/products/${cup.body.id}`, { slug: "mug-c" }, token);
  expect(taken).toMatchObject({ status: 400, body: { code: "product_slug_taken", data: { param: "slug" } } });
  // The address a product left can be taken by another: its old redirect goes.
  expect((await api("PUT", `/products/${cup.body.id}`, { slug: "mug" }, token)).status).toBe(200);
  expect((await fetch(`${spare.origin}/product/mug`, { redirect: "manual" })).status).toBe(200);
});
