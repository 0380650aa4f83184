/**
 * Shopping over plain HTTP, for tests that drive whole server processes (scale-out, shutdown, fuzz)
 * rather than a browser: a guest's cart, the nonce its pages carry, an order by the Store API.
 */
export type Guest = { cookie: string; nonce: string };

export const BILLING = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "12 Analytical Row",
  city: "Austin",
  state: "TX",
  postcode: "73301",
  country: "US",
  email: "ada@example.com",
  phone: "+1 512 555 0100",
};

export const cookieOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** A new guest session with `quantity` of the product in its cart, added on `origin`. */
export async function guestWithCart(origin: string, productId: number, quantity = 1): Promise<Guest> {
  const added = await fetch(`${origin}/?wc-ajax=add_to_cart`, {
    method: "POST",
    body: new URLSearchParams({ product_id: String(productId), quantity: String(quantity) }),
  });
  if (added.status !== 200) throw new Error(`add to cart answered ${added.status}: ${await added.text()}`);
  const cookie = cookieOf(added);
  return { cookie, nonce: await restNonce(origin, cookie) };
}

/** The `X-Vitrine-Nonce` every page carries for this session. */
export async function restNonce(origin: string, cookie: string): Promise<string> {
  const page = await (await fetch(`${origin}/cart`, { headers: { Cookie: cookie } })).text();
  const nonce = page.match(/name="x-vitrine-nonce" content="([^"]+)"/)?.[1];
  if (!nonce) throw new Error("no x-vitrine-nonce on the cart page");
  return nonce;
}

/** `POST /api/store/v1/checkout` for the guest, paying by bank transfer. */
export async function checkoutByApi(
  origin: string,
  guest: Guest,
  idempotencyKey?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}/api/store/v1/checkout`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Cookie: guest.cookie,
      "X-Vitrine-Nonce": guest.nonce,
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    body: JSON.stringify({ billing_address: BILLING, payment_method: "bacs" }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The `_wpnonce` of the first form in a page. */
export const formNonce = (html: string): string => html.match(/name="_wpnonce" value="([^"]+)"/)?.[1] ?? "";

/** Signs in through the account page's form, as a browser without JavaScript would; the session cookie. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const page = await (await fetch(`${origin}/my-account`)).text();
  const response = await fetch(`${origin}/my-account`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "login", username: email, password, _wpnonce: formNonce(page) }),
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  return cookieOf(response);
}

/** An administrator's API token. */
export async function apiToken(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/vitrine/v2/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`token answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** A REST call with the token; answers the status and the parsed JSON. */
export async function rest(
  origin: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${origin}/api/vitrine/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}
