import { ADMIN, bearer, expect, test } from "./fixtures.ts";

/**
 * Backorders (decision 0080) over HTTP, on a store of its own: a product whose customer is told
 * ("notify") says so on its page in English and Spanish, takes more than its stock through the cart
 * call, and its cart line says it is on backorder; a product without backorders refuses the same.
 */
test("a product sold on backorder says so on its page and its cart line, in English and Spanish, and the cart takes more than the stock", async ({
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
  const product = (name: string, es: string, backorders: string) => ({
    type: "simple",
    translations: { en: { name }, es: { name: es } },
    regular_price: 2000,
    stock_quantity: 8,
    backorders,
  });
  const kettle = await api("POST", "/products", product("Kettle", "Hervidor", "notify"), token);
  const teapot = await api("POST", "/products", product("Teapot", "Tetera", "no"), token);
  expect([kettle.status, teapot.status]).toEqual([201, 201]);
  expect(kettle.body).toMatchObject({
    stock_status: "instock",
    backorders_allowed: true,
    backordered: false,
  });

  /** The availability line of a product's page, in `lang`. */
  const availability = async (slug: string, lang: "en" | "es") => {
    const html = await (await fetch(`${spare.origin}/product/${slug}?lang=${lang}`)).text();
    return /<p class="stock [^"]*">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
  };
  expect(await availability("kettle", "en")).toBe("8 in stock (can be backordered)");
  expect(await availability("kettle", "es")).toBe("8 disponibles (se puede reservar)");
  expect(await availability("teapot", "en")).toBe("8 in stock");
  // The page's quantity field: no limit where backorders are allowed, the stock left where not.
  const quantityField = async (slug: string) => {
    const html = await (await fetch(`${spare.origin}/product/${slug}`)).text();
    return /<input[^>]* name="quantity"[^>]*>/.exec(html)?.[0] ?? "";
  };
  const kettleField = await quantityField("kettle");
  expect(kettleField).toContain('name="quantity"');
  expect(kettleField).not.toContain(" max=");
  expect(await quantityField("teapot")).toContain(' max="8"');

  // Ten of the kettle through the cart call, two more than there are; the teapot refuses nine.
  let session = "";
  const addToCart = async (productId: unknown, quantity: number) => {
    const response = await fetch(`${spare.origin}/?wc-ajax=add_to_cart`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(session ? { Cookie: session } : {}),
      },
      body: new URLSearchParams({ product_id: String(productId), quantity: String(quantity) }),
    });
    const cookie = response.headers.getSetCookie().find((each) => each.startsWith("vitrine_session="));
    if (cookie) session = cookie.split(";")[0]!;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  expect((await addToCart(kettle.body.id, 10)).body).toHaveProperty("cart_hash");
  expect((await addToCart(teapot.body.id, 9)).body).toMatchObject({ error: true });

  const cartLine = async (lang: "en" | "es") => {
    const html = await (
      await fetch(`${spare.origin}/cart?lang=${lang}`, { headers: { Cookie: session } })
    ).text();
    return /<p class="backorder_notification[^"]*">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
  };
  expect(await cartLine("en")).toBe("Available on backorder");
  expect(await cartLine("es")).toBe("Disponible para reserva");
  const cart = (await (
    await fetch(`${spare.origin}/api/store/v1/cart`, { headers: { Cookie: session } })
  ).json()) as { items: Array<Record<string, unknown>> };
  expect(cart.items).toEqual([
    expect.objectContaining({
      quantity: 10,
      backorders_allowed: true,
      show_backorder_badge: true,
      low_stock_remaining: null,
      quantity_limits: expect.objectContaining({ maximum: 9999 }),
    }),
  ]);

  // Sold down to nothing, the kettle is on backorder: its page says so (its cached page purged).
  const emptied = await api("PUT", `/products/${kettle.body.id}`, { stock_quantity: 0 }, token);
  expect(emptied.body).toMatchObject({ stock_status: "onbackorder", backordered: true });
  await expect.poll(() => availability("kettle", "en")).toBe("Available on backorder");
  expect(await availability("kettle", "es")).toBe("Disponible para reserva");
  // Sold on backorder without telling the customer ("yes"): the page says nothing of it.
  expect((await api("PUT", `/products/${kettle.body.id}`, { backorders: "yes" }, token)).status).toBe(200);
  await expect.poll(() => availability("kettle", "en")).toBeNull();
});
