// The shop's layered filters at catalogue scale (issue 39): listings filtered by a colour term
// (`filter_color`, alone, with `query_type_color=or` over two, with the stock filter, and the second
// page in each sort order), read from the shop's own filter links. Two figures: each address's first render, one at a time
// (nothing cached: the listing, its count and the filters' counts are computed), then autocannon over
// the same addresses (the shared page cache serving them, as shoppers meet them). Figures only.
import autocannon from "autocannon";

/** Every sort order but the default, each on a second page. */
const orders = ["popularity", "rating", "date", "price", "price-desc"];

/** The filtered addresses to measure, made from the colour terms the shop's sidebar offers. */
async function filteredPaths(base) {
  const html = await (await fetch(`${base}/shop`)).text();
  const colours = [...new Set([...html.matchAll(/filter_color=([a-z0-9-]+)/g)].map((match) => match[1]))];
  if (colours.length < 2) throw new Error("the shop offers fewer than two colours to filter by");
  return colours.flatMap((colour, index) => {
    const other = colours[(index + 1) % colours.length];
    return [
      `/shop?filter_color=${colour}`,
      `/shop?filter_color=${[colour, other].sort().join(",")}&query_type_color=or`,
      `/shop?filter_color=${colour}&filter_stock_status=instock`,
      ...orders.map((orderby) => `/shop/page/2?orderby=${orderby}&filter_color=${colour}`),
    ];
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

export async function benchFilteredListing({
  base,
  log = () => {},
  connections = 10,
  duration = Number(process.env.BENCH_DURATION ?? 5),
}) {
  const paths = await filteredPaths(base);
  const firstRenders = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(base + path);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    firstRenders.push(performance.now() - started);
  }
  firstRenders.sort((a, b) => a - b);
  log(`filtered listing: ${connections} connections × ${duration} s over ${paths.length} addresses`);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: paths.map((path) => ({ method: "GET", path })),
  });
  return {
    addresses: paths.length,
    firstP50: Math.round(percentile(firstRenders, 50)),
    firstP99: Math.round(percentile(firstRenders, 99)),
    firstMax: Math.round(firstRenders.at(-1)),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
