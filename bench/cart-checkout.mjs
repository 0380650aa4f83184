// Cart and checkout figures for npm run bench: add to cart and fragment refresh at 10 and 50
// connections, and checkout at 10, each as requests per second and latency percentiles.
import autocannon from "autocannon";
import { ADMIN, settle } from "./store.mjs";

const CONNECTIONS = 10;
const MANY_CONNECTIONS = 50;

export function sessionCookie(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A product whose stock is not tracked, so thousands of carts and orders never run out. */
export async function unlimitedProduct(base) {
  const { token } = await (
    await fetch(`${base}/api/vitrine/v2/auth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
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

/** The cookies of a shopper whose cart holds `quantity` of the product. */
export async function cartCookie(base, productId, quantity = 2) {
  const added = await fetch(`${base}/?wc-ajax=add_to_cart`, {
    method: "POST",
    body: new URLSearchParams({ product_id: String(productId), quantity: String(quantity) }),
  });
  await added.arrayBuffer();
  return sessionCookie(added);
}

async function cannon(options) {
  await settle(new URL(options.url).origin);
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
      await added.arrayBuffer();
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
  const addToCart = (connections) =>
    cannon({
      url: `${base}/?wc-ajax=add_to_cart`,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `product_id=${productId}&quantity=1`,
      duration: durationS,
      connections,
    });
  const cookie = await cartCookie(base, productId);
  const refresh = (connections) =>
    cannon({
      url: `${base}/?wc-ajax=get_refreshed_fragments`,
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: "time=1",
      duration: durationS,
      connections,
    });
  const rows = [];
  for (const connections of [CONNECTIONS, MANY_CONNECTIONS]) {
    rows.push(["add to cart (new cart each)", connections, await addToCart(connections)]);
    rows.push(["fragment refresh (2-item cart)", connections, await refresh(connections)]);
  }
  await settle(base);
  rows.push(["checkout (order call only)", CONNECTIONS, await checkoutLoad(base, productId, durationS)]);
  return rows;
}

export function printCartAndCheckout(rows, where) {
  console.log(`\nCart and checkout, ${where}:`);
  const widths = [32, 12, 10, 10, 10, 8];
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join("  ");
  console.log(line(["call", "connections", "rps", "p50", "p99", "errors"]));
  for (const [name, connections, f] of rows) {
    console.log(line([name, connections, f.rps.toFixed(1), `${f.p50} ms`, `${f.p99} ms`, f.errors]));
  }
}
