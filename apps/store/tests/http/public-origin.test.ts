import { rawRequest } from "../raw-request.ts";
import { bearer, expect, test, store as testStore } from "./fixtures.ts";

/**
 * Absolute URLs come from the store's public address (PUBLIC_URL, here the listening address),
 * never from the request's `Host`: a stranger who sends `Host: evil.example` can neither have a
 * password-reset link mailed on their site nor plant their host in the shared page cache.
 */
const storePort = testStore.port;
const store = `http://127.0.0.1:${storePort}`;

/** One request with the `Host` header of our choosing, to this store unless another port is given. */
function raw(
  method: string,
  requestPath: string,
  host: string,
  options: { body?: string; headers?: Record<string, string>; port?: number } = {},
) {
  const { port = storePort, ...rest } = options;
  return rawRequest(port, method, requestPath, host, rest);
}

function absoluteUrls(html: string): string[] {
  return [
    ...html.matchAll(/(?:href|src|content|srcSet|srcset)="(https?:\/\/[^"]+)"|"(https?:\/\/[^"]+)"/g),
  ].map((match) => match[1] ?? match[2] ?? "");
}

test("pages rendered under a foreign Host carry the store's origin and never enter the page cache", async ({
  request,
}) => {
  const product = (await (await request.get("/shop")).text()).match(/href="(\/product\/[^"?]+)"/)![1]!;
  for (const address of ["/shop?host-check=1", `${product}?host-check=1`, "/?host-check=1"]) {
    const foreign = await raw("GET", address, "evil.example");
    expect(foreign.status, address).toBe(200);
    expect(foreign.headers["x-page-cache"], address).toBeUndefined();
    expect(foreign.headers["cache-control"], address).toBe("private, no-cache");
    expect(foreign.body).not.toContain("evil.example");
    const canonical = foreign.body.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? "";
    expect(canonical.startsWith(`${store}/`), address).toBe(true);
    for (const url of absoluteUrls(foreign.body)) expect(url.startsWith("http://evil.example")).toBe(false);

    // The next visitor on the store's own host is not served the foreign page: a miss, then a hit.
    const first = await raw("GET", address, `127.0.0.1:${storePort}`);
    expect(first.headers["x-page-cache"], address).toBe("MISS");
    const second = await raw("GET", address, `127.0.0.1:${storePort}`);
    expect(second.headers["x-page-cache"], address).toBe("HIT");
    expect(second.body).toBe(first.body);
  }
  const jsonLd = (await raw("GET", `${product}?host-check=1`, "evil.example")).body.match(
    /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/,
  )?.[1];
  expect(jsonLd).toContain(`"url":"${store}/product/`);
});

test("the sitemap, robots.txt, a cart answer's product_url and REST links ignore a foreign Host", async ({
  adminToken,
}) => {
  const sitemap = await raw("GET", "/sitemap.xml", "evil.example");
  expect(sitemap.body).toContain(`<loc>${store}/`);
  expect(sitemap.body).not.toContain("evil.example");
  const robots = await raw("GET", "/robots.txt", "evil.example");
  expect(robots.body).toContain(`Sitemap: ${store}/sitemap.xml`);

  // A variable product added without its options: the answer sends the shopper to its page.
  const shop = (await raw("GET", "/shop", `127.0.0.1:${storePort}`)).body;
  const card = shop.split("<li").find((part) => part.includes("Select options")) ?? "";
  const variable = card.match(/data-product-id="(\d+)"/)?.[1];
  expect(variable).toBeDefined();
  const added = await raw("POST", "/?wc-ajax=add_to_cart", "evil.example", {
    body: new URLSearchParams({ product_id: variable! }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const answer = JSON.parse(added.body) as { error?: boolean; product_url?: string };
  expect(answer.error).toBe(true);
  expect(answer.product_url?.startsWith(`${store}/product/`)).toBe(true);

  // The REST API's pagination links.
  const listed = await raw("GET", "/api/vitrine/v2/products?per_page=2&page=2", "evil.example", {
    headers: bearer(adminToken),
  });
  expect(listed.headers.link).toContain(`<${store}/api/vitrine/v2/products?`);
  expect(listed.headers.link).not.toContain("evil.example");

  // X-Forwarded-* are not believed from a client when no proxy is configured.
  const forwarded = await raw("GET", "/shop?host-check=2", `127.0.0.1:${storePort}`, {
    headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
  });
  expect(forwarded.body).not.toContain("evil.example");
  expect(forwarded.body).not.toContain(`https://127.0.0.1:${storePort}`);
});

const switchLanguage = {
  body: "lang=es&redirectTo=/shop",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
};

test("X-Forwarded-Proto is believed only from a proxy TRUST_PROXY names", async ({ spareStore }) => {
  // Not configured (the main store): a client's claim of https does not make cookies Secure.
  const claimed = await raw("POST", "/language", `127.0.0.1:${storePort}`, {
    ...switchLanguage,
    headers: { ...switchLanguage.headers, "X-Forwarded-Proto": "https" },
  });
  expect(claimed.status).toBe(302);
  expect(String(claimed.headers["set-cookie"])).not.toContain("Secure");

  // Behind a proxy on loopback that terminates TLS for https://shop.example.
  const { port: proxied } = await spareStore({ PUBLIC_URL: "https://shop.example", TRUST_PROXY: "loopback" });
  const behindProxy = await raw("POST", "/language", "shop.example", {
    ...switchLanguage,
    port: proxied,
    headers: { ...switchLanguage.headers, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" },
  });
  expect(behindProxy.status).toBe(302);
  expect(String(behindProxy.headers["set-cookie"])).toContain("Secure");
  const robots = await raw("GET", "/robots.txt", "evil.example", { port: proxied });
  expect(robots.body).toContain("Sitemap: https://shop.example/sitemap.xml");
});
