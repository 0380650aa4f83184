import cluster from "node:cluster";
import client from "prom-client";

/**
 * The process's Prometheus metrics (issue 44, decision 0083), in prom-client's default registry so
 * that a cluster's primary can gather every worker's (`AggregatorRegistry`). Made once per process:
 * the store's parts count what they do here, and `/metrics` answers them.
 */
export type StoreMetrics = {
  registry: client.Registry;
  requests: client.Counter<"method" | "route" | "status">;
  requestSeconds: client.Histogram<"method" | "route">;
  pageCache: client.Counter<"result">;
  pageCacheBytes: client.Gauge;
  statementSeconds: client.Histogram<"outcome">;
  checkouts: client.Counter<"outcome" | "reason">;
  mailFailures: client.Counter<"kind">;
};

let made: StoreMetrics | undefined;
let pageCacheBytes = () => 0;

/** Where `vitrine_page_cache_bytes` reads the process's page cache's size (`buildCaches`). */
export function measurePageCache(bytes: () => number): void {
  pageCacheBytes = bytes;
}

export function storeMetrics(): StoreMetrics {
  if (made) return made;
  const registry = client.register;
  client.collectDefaultMetrics({ register: registry, prefix: "vitrine_" });
  // A cluster's worker answers the primary's requests for its figures once an aggregator exists in it.
  if (cluster.isWorker) new client.AggregatorRegistry();
  made = {
    registry,
    requests: new client.Counter({
      name: "vitrine_http_requests_total",
      help: "HTTP requests answered, by method, route and status",
      labelNames: ["method", "route", "status"],
    }),
    requestSeconds: new client.Histogram({
      name: "vitrine_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's last byte, by method and route",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
    pageCache: new client.Counter({
      name: "vitrine_page_cache_requests_total",
      help: "Shared pages asked for: answered from the page cache (hit) or rendered (miss)",
      labelNames: ["result"],
    }),
    pageCacheBytes: new client.Gauge({
      name: "vitrine_page_cache_bytes",
      help: "Bytes the guest page cache holds (bounded by PAGE_CACHE_MB)",
      collect() {
        this.set(pageCacheBytes());
      },
    }),
    statementSeconds: new client.Histogram({
      name: "vitrine_db_statement_duration_seconds",
      help: "Database statements' durations (on PGlite a transaction counts as one)",
      labelNames: ["outcome"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
    }),
    checkouts: new client.Counter({
      name: "vitrine_checkouts_total",
      help: "Orders placed, and checkouts refused by their reason",
      labelNames: ["outcome", "reason"],
    }),
    mailFailures: new client.Counter({
      name: "vitrine_mail_outbox_failures_total",
      help: "Mail sends that failed (each is tried again until its attempts run out)",
      labelNames: ["kind"],
    }),
  };
  return made;
}
