import http from "node:http";
import net from "node:net";
import { gzipSync } from "node:zlib";

/**
 * What a careless client or an attacker sends: bodies that are not what a route reads, text
 * PostgreSQL cannot store (NUL, lone UTF-16 surrogates), prototype keys, odd methods, broken request
 * lines and Host headers, over every endpoint of CONTRACTS.md. The store must answer each with a
 * status below 500. The cases are fixed (no randomness), so a failure names its request and repeats.
 */
export type FuzzRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};
export type FuzzAnswer = { request: string; status: number | "no answer" };

/** A shopper's and an administrator's credentials, so the fuzz reaches past nonces and sign-in. */
export type FuzzAuth = {
  /** Session cookie of a guest with a product in the cart. */
  shopperCookie: string;
  /** The guest's `X-Vitrine-Nonce`, for the Store API. */
  restNonce: string;
  /** Each form page's `_wpnonce`, read as the user who posts it there. */
  formNonces: Record<string, string>;
  /** A product page of the store (`/product/{slug}`), whose review form is fuzzed too. */
  productPath: string;
  /** An administrator's session cookie and API token. */
  adminCookie: string;
  adminToken: string;
};

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

/** Stands for the store's product page in the lists below; `fuzzRequests` puts the real one in. */
const PRODUCT = "/product/{product}";

const pages = [
  "/",
  "/shop",
  "/shop/page/2",
  "/product-category/clothing",
  PRODUCT,
  "/cart",
  "/checkout",
  "/checkout/order-received/1?key=wc_order_x",
  "/my-account",
  "/my-account/orders",
  "/my-account/lost-password",
  "/my-account/view-order/1",
  "/my-account/pages/home",
  "/language",
  "/search?s=shirt",
  "/go/x",
  "/recommend/x",
];
/** Page routes that take form posts, with the fields their forms carry. */
const forms: Array<{ path: string; fields: string[] }> = [
  { path: "/cart", fields: ["intent", "product_id", "quantity", "cart_item_key", "coupon_code"] },
  {
    path: "/checkout",
    fields: ["billing_first_name", "billing_country", "billing_state", "billing_email", "payment_method"],
  },
  { path: "/my-account", fields: ["intent", "username", "password", "email", "redirect", "_wpnonce"] },
  { path: "/my-account/lost-password", fields: ["user_login", "key", "password", "_wpnonce"] },
  { path: "/my-account/pages/home", fields: ["title_en", "title_es", "_wpnonce"] },
  { path: "/language", fields: ["language", "redirect"] },
  { path: PRODUCT, fields: ["rating", "comment", "author", "email", "_wpnonce"] },
];
const calls = [
  "/?wc-ajax=add_to_cart",
  "/?wc-ajax=remove_from_cart",
  "/?wc-ajax=get_refreshed_fragments",
  "/?wc-ajax=vitrine_payments_get_wallet_session",
  "/?wc-ajax=vitrine_payments_get_wallet_minimum_session_data",
  "/ajax?action=vitrine_ajax_cart_item_alter_quantity",
  "/ajax?action=vitrine_quickview",
  "/ajax?action=get_identity",
];
const callFields = [
  "product_id",
  "quantity",
  "variation_id",
  "attribute_pa_color",
  "cart_item_key",
  "product",
];
const jsonRoutes: Array<{ method: string; path: string; auth: "shopper" | "admin" | "consent" | "none" }> = [
  { method: "POST", path: "/api/store/v1/cart/add-item", auth: "shopper" },
  { method: "POST", path: "/api/store/v1/cart/update-item", auth: "shopper" },
  { method: "POST", path: "/api/store/v1/cart/remove-item", auth: "shopper" },
  { method: "POST", path: "/api/store/v1/checkout", auth: "shopper" },
  { method: "POST", path: "/api/vitrine/v2/users/me", auth: "admin" },
  { method: "PUT", path: "/api/vitrine/v2/users/1", auth: "admin" },
  { method: "PUT", path: "/api/vitrine/v2/products/1", auth: "admin" },
  { method: "POST", path: "/api/vitrine/v2/auth/token", auth: "none" },
  { method: "POST", path: "/api/vitrine/v2/wallet/orders", auth: "none" },
  { method: "POST", path: "/api/vitrine/v2/affiliate-links", auth: "admin" },
  { method: "PUT", path: "/api/vitrine/v2/affiliate-links/x", auth: "admin" },
  { method: "PUT", path: "/api/vitrine/v2/settings", auth: "admin" },
  { method: "PUT", path: "/api/vitrine/v2/taxes/1", auth: "admin" },
  { method: "POST", path: "/api/vitrine/v2/taxes/batch", auth: "admin" },
  { method: "POST", path: "/api/vitrine/v2/taxes/import", auth: "admin" },
  // The analytics client's beacons: no nonce, a consent cookie (the fuzz's store has analytics on).
  { method: "POST", path: "/api/vitrine/v2/analytics/events", auth: "consent" },
];
const listRoutes = [
  "/api/store/v1/cart",
  "/api/vitrine/v2/products",
  "/api/vitrine/v2/orders",
  "/api/vitrine/v2/users",
  "/api/vitrine/v2/reports/attribution",
  "/api/vitrine/v2/reports/analytics",
  "/api/vitrine/v2/affiliate-links",
  "/api/vitrine/v2/taxes",
];

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "Content-Type": "application/json" };

/** Bodies that are not a form, or a form that is broken, for a route that reads a form. */
function notAForm(): Array<{ headers: Record<string, string>; body: string | Buffer }> {
  return [
    { headers: JSON_TYPE, body: '{"intent":"add"}' },
    { headers: { "Content-Type": "text/plain" }, body: "hello" },
    { headers: { "Content-Type": "multipart/form-data" }, body: "--x\r\nbroken" },
    { headers: { "Content-Type": "multipart/form-data; boundary=zz" }, body: "--zz\r\nno headers\r\n" },
    { headers: {}, body: "intent=add" },
    { headers: { ...FORM, "Content-Encoding": "gzip" }, body: "not gzip" },
    { headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-7" }, body: "a=b" },
    { headers: FORM, body: Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0xc3]) },
  ];
}

/** Form values a route must refuse or store safely: NUL, an encoded surrogate, prototype keys, junk numbers. */
function formValues(fields: string[]): Record<string, string>[] {
  const each = (value: string) => Object.fromEntries(fields.map((field) => [field, value]));
  return [
    each(NUL),
    each("%ED%A0%80"),
    ...PROTO_KEYS.map(each),
    each("1e309"),
    each("-99999999999999999999"),
    each("x".repeat(20_000)),
    Object.fromEntries(PROTO_KEYS.map((key) => [`${key}[x]`, "1"])),
    { ...each("1"), billing_country: "__proto__", intent: "add" },
  ];
}

/** JSON bodies that are broken, of the wrong shape, or carry text PostgreSQL cannot store. */
function jsonBodies(): string[] {
  const strings = (value: string) =>
    JSON.stringify({
      id: value,
      key: value,
      quantity: value,
      name: value,
      email: value,
      password: value,
      payment_method: value,
      customer_note: value,
      billing_address: { first_name: value, country: value, email: value, city: value },
      shipping_address: { country: value },
      woocommerce_meta: { [value]: value },
      role: value,
    });
  return [
    "{",
    "null",
    "[]",
    '"text"',
    "1e999",
    strings(NUL),
    strings(LONE_SURROGATE),
    strings("__proto__"),
    '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
    JSON.stringify({ id: [], key: {}, quantity: -1e300, billing_address: [], extensions: "x" }),
    JSON.stringify({ billing_address: { country: "constructor" }, payment_method: "bacs" }),
  ];
}

export function fuzzRequests(auth: FuzzAuth): FuzzRequest[] {
  const shopper = { Cookie: auth.shopperCookie, "X-Vitrine-Nonce": auth.restNonce };
  const admin = { Cookie: auth.adminCookie, Authorization: `Bearer ${auth.adminToken}` };
  const consent = { Cookie: "wp_consent_statistics=allow" };
  const requests: FuzzRequest[] = [];
  const real = (path: string) => path.replace(PRODUCT, auth.productPath);

  for (const path of pages.map(real)) {
    for (const method of ["TRACE", "PROPFIND", "OPTIONS", "PUT", "DELETE", "PATCH"])
      requests.push({ method, path });
    requests.push({ method: "POST", path, headers: FORM, body: "a=".padEnd(1_100_000, "x") });
  }
  for (const path of [
    "/product/a%00b",
    "/product/%ED%A0%80",
    "/product/%E0%A4%A",
    "/product/__proto__",
    "/product-category/constructor",
    "/shop/page/99999999999999999999",
    "/shop/page/-1",
    "/shop?orderby=__proto__",
    "/shop?orderby=%00",
    "/search?s=%00",
    "/search?s=%ED%A0%80&paged=1e309",
    "/my-account/pages/%00",
    "/my-account/view-order/%00",
    "/checkout/order-received/1?key=%00",
    "/checkout/order-received/99999999999999999999?key=x",
    "/sitemap/%00.xml",
    "/?lang=__proto__",
    "/?lang=%00",
    "/ajax?action=vitrine_ajax_search_products&query=%00",
    "/ajax?action=vitrine_ajax_search_products&query=a&product_cat=%00",
    "/ajax?action=__proto__",
    "/?wc-ajax=__proto__",
    "/api/vitrine/v2/users?search=%00",
    "/api/vitrine/v2/users?search=%ED%A0%80&per_page=1e309&page=-1",
    "/api/vitrine/v2/products?per_page=__proto__",
    "/api/vitrine/v2/orders/%00",
    "/api/vitrine/v2/reports/attribution?from=0000-01-01",
    "/api/vitrine/v2/reports/attribution?from=2024-02-31&to=99999-01-01",
    "/api/vitrine/v2/reports/attribution?from=%00",
    "/api/vitrine/v2/reports/analytics?from=9999-99-99&to=%00",
    "/api/vitrine/v2/analytics/sessions/%00/recording",
    "/api/vitrine/v2/analytics/sessions/__proto__/recording",
    "/api/vitrine/v2/mails/%00/preview",
    "/api/vitrine/v2/mails/__proto__/preview?lang=es",
    "/api/vitrine/v2/mails/new_order/preview?lang=%00&lang=en",
    "/go/%00",
    "/recommend/%ED%A0%80",
  ]) {
    requests.push({ method: "GET", path, headers: admin });
    requests.push({ method: "GET", path, headers: shopper });
  }
  for (const { path, fields } of forms.map((form) => ({ ...form, path: real(form.path) }))) {
    for (const target of [path, `${path === "/" ? "/_root" : path}.data`]) {
      for (const bad of notAForm())
        requests.push({
          method: "POST",
          path: target,
          headers: { ...bad.headers, Cookie: auth.adminCookie },
          body: bad.body,
        });
      for (const values of formValues(fields)) {
        const nonce = { _wpnonce: auth.formNonces[path] ?? "" };
        const cookie = path.startsWith("/my-account/pages") ? auth.adminCookie : auth.shopperCookie;
        requests.push({
          method: "POST",
          path: target,
          headers: { ...FORM, Cookie: cookie },
          body: form({ ...nonce, ...values }),
        });
      }
    }
  }
  for (const path of calls) {
    for (const bad of notAForm())
      requests.push({
        method: "POST",
        path,
        headers: { ...bad.headers, Cookie: auth.shopperCookie },
        body: bad.body,
      });
    for (const values of formValues(callFields))
      requests.push({
        method: "POST",
        path,
        headers: { ...FORM, Cookie: auth.shopperCookie },
        body: form(values),
      });
  }
  // Before the JSON routes: one of those is the settings, which a fuzzed body might change.
  requests.push(...recordingBatches(consent));
  for (const { method, path, auth: who } of jsonRoutes) {
    const headers = who === "shopper" ? shopper : who === "admin" ? admin : who === "consent" ? consent : {};
    for (const body of jsonBodies())
      requests.push({ method, path, headers: { ...JSON_TYPE, ...headers }, body });
    requests.push({ method, path, headers: { "Content-Type": "text/plain", ...headers }, body: "{}" });
    requests.push({
      method,
      path,
      headers: { ...JSON_TYPE, ...headers },
      body: `{"a":"${"x".repeat(300_000)}"}`,
    });
  }
  for (const path of listRoutes) {
    for (const method of ["TRACE", "PATCH", "DELETE"]) requests.push({ method, path, headers: admin });
    requests.push({ method: "POST", path, headers: { ...admin, "X-HTTP-Method-Override": "__proto__" } });
  }
  return requests;
}

/**
 * Session recording batches (`POST …/analytics/recordings?session=…&seq=…&path=…`, gzip-compressed
 * JSON) that are broken: bad queries, bodies that are not gzip or not JSON inside, a body that
 * unpacks far past the cap, the wrong type.
 */
function recordingBatches(consent: Record<string, string>): FuzzRequest[] {
  const address = (query: string) => `/api/vitrine/v2/analytics/recordings?${query}`;
  const good = "session=AAAAAAAAAAAAAAAAAAAAAA&seq=0&path=%2F";
  const octets = { ...consent, "Content-Type": "application/octet-stream" };
  const gzip = (text: string) => gzipSync(Buffer.from(text));
  const requests: FuzzRequest[] = [];
  for (const query of [
    "",
    "session=%00&seq=0&path=%2F",
    "session=AAAAAAAAAAAAAAAAAAAAAA&seq=1e309&path=%2F",
    "session=AAAAAAAAAAAAAAAAAAAAAA&seq=-1&path=%2F",
    "session=AAAAAAAAAAAAAAAAAAAAAA&seq=0&path=%ED%A0%80",
    "session=AAAAAAAAAAAAAAAAAAAAAA&seq=0&path=__proto__",
    `${good}&session=BBBBBBBBBBBBBBBBBBBBBB`,
  ])
    requests.push({ method: "POST", path: address(query), headers: octets, body: gzip("[]") });
  for (const body of [
    Buffer.from("not gzip"),
    gzip("{"),
    gzip('{"__proto__":{"polluted":1}}'),
    gzip(`[${JSON.stringify({ type: 2, data: NUL, timestamp: LONE_SURROGATE })}]`),
    gzip(`[${'{"type":3,"data":{},"timestamp":1},'.repeat(3)}"x"]`),
    gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20)),
    Buffer.alloc(0),
  ])
    requests.push({ method: "POST", path: address(good), headers: octets, body });
  requests.push({
    method: "POST",
    path: address(good),
    headers: { ...consent, "Content-Type": "application/json" },
    body: "[]",
  });
  return requests;
}

/** Raw request lines and Host headers that no HTTP client library will send. */
export const rawRequests = [
  "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n",
  "GET /shop HTTP/1.1\r\nHost: a b\r\n\r\n",
  "GET /shop HTTP/1.1\r\nHost: ::::\r\n\r\n",
  "GET /product/hoodie HTTP/1.1\r\nHost: %\r\n\r\n",
  "GET /shop HTTP/1.1\r\nHost: exa/mple\r\n\r\n",
  "GET /shop HTTP/1.1\r\nHost: example.com:99999\r\n\r\n",
  "GET /shop HTTP/1.1\r\nHost: user@example.com\r\n\r\n",
  "GET /shop HTTP/1.1\r\nHost:\r\n\r\n",
  "GET /cart HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
  "GET http://evil.example/shop HTTP/1.1\r\nHost: evil.example\r\n\r\n",
  "GET http://evil.example/product/hoodie?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  "GET //evil.example/shop HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  "GET / HTTP/1.0\r\n\r\n",
  "GET /shop HTTP/1.0\r\n\r\n",
  "POST /cart HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\na=b",
  "GET /api/store/v1/cart HTTP/1.0\r\n\r\n",
  "GET /ajax?action=vitrine_ajax_search_products&query=a HTTP/1.0\r\n\r\n",
  "POST /?wc-ajax=get_refreshed_fragments HTTP/1.0\r\nContent-Length: 0\r\n\r\n",
];

export async function send(origin: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(request.path, origin);
  const label = `${request.method} ${request.path} ${JSON.stringify(request.headers ?? {}).slice(0, 120)} ${String(request.body ?? "").slice(0, 80)}`;
  return new Promise((resolve) => {
    const outgoing = http.request(
      url,
      { method: request.method, headers: request.headers, agent: false },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ request: label, status: response.statusCode ?? 0 }));
        response.on("error", () => resolve({ request: label, status: "no answer" }));
      },
    );
    outgoing.on("error", () => resolve({ request: label, status: "no answer" }));
    outgoing.end(request.body);
  });
}

/** Sends one raw request on its own connection and answers the status of the reply. */
export function sendRaw(port: number, raw: string): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let reply = "";
    const label = JSON.stringify(raw.slice(0, 100));
    const done = () => {
      const status = reply.match(/^HTTP\/1\.[01] (\d{3})/)?.[1];
      resolve({ request: label, status: status ? Number(status) : "no answer" });
    };
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
      if (/^HTTP\/1\.[01] \d{3}/.test(reply)) socket.end();
    });
    socket.on("close", done);
    socket.on("error", () => {});
    socket.write(raw);
  });
}
