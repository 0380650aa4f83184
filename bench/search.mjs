// Live-search load: autocannon against the search call with a fixed mix of queries (whole words,
// word parts, a SKU fragment, Spanish text, one that finds nothing). Figures only, no verdicts.
import autocannon from "autocannon";

export const SEARCH_QUERIES = [
  "mug",
  "classic",
  "wool",
  "lamp",
  "sweat",
  "stoneware",
  "SYN-00001",
  "lámpara",
  "camiseta",
  "zzqqxx",
];

export async function benchSearch({
  base,
  log = () => {},
  connections = 10,
  duration = Number(process.env.BENCH_DURATION ?? 5),
}) {
  const requests = SEARCH_QUERIES.map((query) => ({
    method: "GET",
    path: `/ajax?action=vitrine_ajax_search_products&query=${encodeURIComponent(query)}`,
  }));
  // One warm-up pass, so the figures describe a running store rather than its first queries.
  for (const request of requests) await fetch(base + request.path).then((response) => response.arrayBuffer());
  log(`search: ${connections} connections × ${duration} s over ${SEARCH_QUERIES.length} queries`);
  const result = await autocannon({ url: base, connections, duration, requests });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
