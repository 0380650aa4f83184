// Cart and checkout figures for npm run bench: add to cart, fragment refresh, and checkout, each as
// requests per second and latency percentiles at a fixed concurrency.
import autocannon from "autocannon";

const CONNECTIONS = 10;

function sessionCookie(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A product whose stock is not tracked, so thousands of carts and orders never run out. */
async function unlimitedProduct(base) {
  const { token } = await (
    await fetch(`${base}/api/vitrine/v2/auth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com", password: "bench-password" }),
    })
  ).json();
  const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const products = await (
    await fetch(`${base}/api/vitrine/v2/products?per_page=100`, { headers: auth })
  ).json();
  const product = products.find((p) => p.type === "simple" && p.status === "publish");
  await fetch(`${base}/api/vitrine/v2/products/${product.id}`, {
    method: "PUT",
    headers: auth,
    body: JSON.stringify({ stock_quantity: null }),
  });
  return product.id;
}

async function cannon(options) {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Each checkout needs its own cart: every worker fills a new cart, then times only the order call. */
async function checkoutLoad(base, productId, durationS) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + durationS * 1000;
  const worker = async (n) => {
    let attempt = 0;
    while (Date.now() < end) {
      const added = await fetch(`${base}/?wc-ajax=add_to_cart`, {
        method: "POST",
        body: new URLSearchParams({ product_id: String(productId) }),
      });
      const cookie = sessionCookie(added);
      const page = await (await fetch(`${base}/checkout`, { headers: { Cookie: cookie } })).text();
      const nonce = page.match(/name="x-vitrine-nonce" content="([^"]*)"/)?.[1] ?? "";
      const started = performance.now();
      const response = await fetch(`${base}/api/store/v1/checkout`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/json",
          "X-Vitrine-Nonce": nonce,
          "Idempotency-Key": `bench-${n}-${attempt++}-${Date.now()}`,
        },
        body: JSON.stringify({
          billing_address: {
            first_name: "Bench",
            last_name: "Mark",
            address_1: "1 Load St",
            city: "Austin",
            state: "TX",
            postcode: "73301",
            country: "US",
            email: "bench@example.com",
            phone: "5125550100",
          },
          payment_method: "cod",
          shipping_method: "flat_rate",
        }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) errors++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
  };
}

export async function benchCartAndCheckout({ base, durationS }) {
  const productId = await unlimitedProduct(base);
  const addToCart = await cannon({
    url: `${base}/?wc-ajax=add_to_cart`,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `product_id=${productId}&quantity=1`,
    duration: durationS,
  });
  const filled = await fetch(`${base}/?wc-ajax=add_to_cart`, {
    method: "POST",
    body: new URLSearchParams({ product_id: String(productId), quantity: "2" }),
  });
  const refresh = await cannon({
    url: `${base}/?wc-ajax=get_refreshed_fragments`,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: sessionCookie(filled) },
    body: "time=1",
    duration: durationS,
  });
  const checkout = await checkoutLoad(base, productId, durationS);
  return [
    ["add to cart (new cart each)", addToCart],
    ["fragment refresh (2-item cart)", refresh],
    ["checkout (order call only)", checkout],
  ];
}

export function printCartAndCheckout(rows) {
  console.log(`\nCart and checkout, ${CONNECTIONS} concurrent clients:`);
  console.log(["call", "rps", "p50", "p99", "errors"].map((h, i) => h.padEnd(i === 0 ? 32 : 10)).join("  "));
  for (const [name, f] of rows) {
    console.log(
      [name, f.rps.toFixed(1), `${f.p50} ms`, `${f.p99} ms`, f.errors]
        .map((c, i) => String(c).padEnd(i === 0 ? 32 : 10))
        .join("  "),
    );
  }
}
