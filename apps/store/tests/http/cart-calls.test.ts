import type { APIRequestContext } from "@playwright/test";
import { expect, store, test } from "./fixtures.ts";

async function firstSimpleProductId(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/shop")).text();
  return html.match(/name="product_id" value="(\d+)"/)![1]!;
}

test("the cart calls refuse another site's Origin with a 403 JSON error", async ({ request }) => {
  const productId = await firstSimpleProductId(request);
  for (const url of [
    "/?wc-ajax=add_to_cart",
    "/?wc-ajax=remove_from_cart",
    "/?wc-ajax=get_refreshed_fragments",
    "/ajax",
    "/api/store/v1/cart/add-item",
  ]) {
    const response = await request.post(url, {
      form: { product_id: productId, action: "vitrine_ajax_cart_item_alter_quantity" },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status(), url).toBe(403);
    expect(await response.json()).toMatchObject({ code: "rest_cross_site_request" });
  }
  const sameSite = await request.post("/?wc-ajax=get_refreshed_fragments", {
    form: { time: "1" },
    headers: { Origin: store.origin },
  });
  expect(sameSite.status()).toBe(200);
});

test("add to cart, refresh and remove over HTTP, with the cart cookies in step", async ({ request }) => {
  const productId = await firstSimpleProductId(request);
  const added = await request.post("/?wc-ajax=add_to_cart", {
    form: { product_id: productId, quantity: "2" },
  });
  expect(added.status()).toBe(200);
  const body = await added.json();
  expect(Object.keys(body.fragments)).toEqual(["div.widget_shopping_cart_content", "span.cart-count"]);
  const cookies = added
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  expect(cookies.some((c) => c.startsWith(`woocommerce_cart_hash=${body.cart_hash};`))).toBe(true);
  expect(cookies.some((c) => c.startsWith("woocommerce_items_in_cart=2;"))).toBe(true);
  expect(cookies.some((c) => /^vitrine_session=.+HttpOnly; SameSite=Lax$/.test(c))).toBe(true);

  const refreshed = await (
    await request.post("/?wc-ajax=get_refreshed_fragments", { form: { time: String(Date.now()) } })
  ).json();
  expect(refreshed.cart_hash).toBe(body.cart_hash);

  const cart = await (await request.get("/api/store/v1/cart")).json();
  expect(cart).toMatchObject({ items_count: 2, items_hash: body.cart_hash });
  const key = cart.items[0].key as string;

  const updated = await request.post("/api/store/v1/cart/update-item", { data: { key, quantity: 3 } });
  expect((await updated.json()).items_count).toBe(3);
  const bad = await request.post("/api/store/v1/cart/update-item", { data: { key: "nope", quantity: 1 } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ code: "rest_invalid_param", data: { status: 400 } });
  const garbage = await request.post("/api/store/v1/cart/add-item", {
    data: "{not json",
    headers: { "Content-Type": "application/json" },
  });
  expect(garbage.status()).toBe(400);

  const removed = await request.post("/?wc-ajax=remove_from_cart", { form: { cart_item_key: key } });
  expect((await removed.json()).cart_hash).toBe("");
  const cleared = removed
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  expect(cleared).toContain("woocommerce_items_in_cart=; Max-Age=0; Path=/; SameSite=Lax");
  const unknown = await request.post("/?wc-ajax=remove_from_cart", { form: { cart_item_key: key } });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error).toBe(true);
});

test("unknown calls and methods are 4xx JSON errors", async ({ request }) => {
  expect((await request.post("/?wc-ajax=nope")).status()).toBe(400);
  expect((await request.get("/ajax?action=nope")).status()).toBe(400);
  expect((await request.get("/ajax?action=vitrine_ajax_cart_item_alter_quantity")).status()).toBe(405);
  expect((await request.delete("/ajax")).status()).toBe(405);
  const missing = await request.get("/api/store/v1/nothing");
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: "rest_no_route" });
});
