import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { BlockList, isIPv4 } from "node:net";
import { type DbHandle, mailOutbox, type StatementObserver } from "@vitrine/db";
import { and, count, gte, isNull, lt } from "drizzle-orm";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import client from "prom-client";
import { MAIL_ATTEMPTS } from "../app/services/mail/mail-outbox.server.ts";
import { storeMetrics } from "../app/services/shared/store-metrics.server.ts";

/**
 * Seeing inside a running store (issue 44, decision 0083): each request's id on every log line it
 * writes, its statements timed (a slow request is logged with them), and the process's figures at
 * `/metrics` in Prometheus' format for the addresses `METRICS_ALLOW` names.
 */

/** A request's statements as they end: how many, their time, and the first few with their text. */
type Trace = { count: number; ms: number; statements: Array<{ sql: string; ms: number; failed: boolean }> };
const traces = new AsyncLocalStorage<Trace>();
/** Statements kept per request for a slow request's log line (the count and time cover them all). */
const KEPT_STATEMENTS = 50;
/** An id a trusted proxy may hand on: a UUID, a trace id, a load balancer's. */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

const round = (ms: number) => Math.round(ms * 10) / 10;
const msSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

/** Times every statement into the metrics, and into the request's trace when one sent it. */
export function statementObserver(): StatementObserver {
  const { statementSeconds } = storeMetrics();
  // Bound once: every statement of the process passes here.
  const outcome = {
    done: statementSeconds.labels({ outcome: "done" }),
    failed: statementSeconds.labels({ outcome: "failed" }),
  };
  return (text) => {
    const started = process.hrtime.bigint();
    const trace = traces.getStore();
    return (failed) => {
      const ms = msSince(started);
      outcome[failed ? "failed" : "done"].observe(ms / 1000);
      if (!trace) return;
      trace.count++;
      trace.ms += ms;
      if (trace.statements.length < KEPT_STATEMENTS)
        trace.statements.push({ sql: text.replace(/\s+/g, " ").slice(0, 300), ms: round(ms), failed });
    };
  };
}

/**
 * The first middleware: the request's id (`X-Request-Id` from a proxy `TRUST_PROXY` names, else a
 * new one), answered in the same header; `res.locals.logger`, a child of `logger` that writes it on
 * every line; on the answer's last byte, the request's line (a warning with its statements when
 * slower than `slowRequestMs`) and its count and duration by route.
 */
export function observeRequests(options: {
  logger: Logger;
  slowRequestMs: number;
  routeOf: (req: Request, res: Response) => string;
}): RequestHandler {
  const { requests, requestSeconds, pageCache } = storeMetrics();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const given = req.get("x-request-id");
    const trusted = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    const id =
      given && REQUEST_ID.test(given) && trusted(req.socket.remoteAddress ?? "", 0) ? given : randomUUID();
    res.setHeader("X-Request-Id", id);
    const logger = options.logger.child({ reqId: id });
    res.locals.logger = logger;
    const trace: Trace = { count: 0, ms: 0, statements: [] };
    res.on("finish", () => {
      const ms = msSince(started);
      const route = options.routeOf(req, res);
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      requestSeconds.observe({ method: req.method, route }, ms / 1000);
      const cached = res.getHeader("X-Page-Cache");
      if (cached === "HIT" || cached === "MISS") pageCache.inc({ result: cached === "HIT" ? "hit" : "miss" });
      const line = { method: req.method, url: req.originalUrl, status: res.statusCode, ms: round(ms), route };
      if (options.slowRequestMs > 0 && ms >= options.slowRequestMs)
        logger.warn(
          {
            ...line,
            statements: trace.count,
            statementsMs: round(trace.ms),
            slowest: [...trace.statements].sort((a, b) => b.ms - a.ms).slice(0, 10),
          },
          "slow request",
        );
      else logger.info(line, "request");
    });
    traces.run(trace, next);
  };
}

/** The addresses `METRICS_ALLOW` names, as a list a client's address is checked against. */
function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const type = isIPv4(address) ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

let watched: DbHandle | undefined;

/** The database's figures, read as `/metrics` is answered: the pool's use and the mail outbox's backlog. */
function watchDatabase(database: DbHandle): void {
  const first = watched === undefined;
  watched = database;
  if (!first) return;
  new client.Gauge({
    name: "vitrine_db_pool_connections",
    help: "PostgreSQL connections of the process's pool: open, idle, and requests waiting for one",
    labelNames: ["state"],
    collect() {
      const use = watched?.poolUse?.();
      if (!use) return;
      this.set({ state: "open" }, use.total);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });
  new client.Gauge({
    name: "vitrine_mail_outbox_backlog",
    help: "Mails owed and not sent: waiting for an attempt, or given up after the last",
    labelNames: ["state"],
    // The same rows for every worker: one's figure, not their sum.
    aggregator: "first",
    async collect() {
      if (!watched) return;
      const [waiting, givenUp] = await Promise.all(
        [lt(mailOutbox.attempts, MAIL_ATTEMPTS), gte(mailOutbox.attempts, MAIL_ATTEMPTS)].map(
          async (attempts) =>
            (
              await watched!.db
                .select({ total: count() })
                .from(mailOutbox)
                .where(and(isNull(mailOutbox.doneAt), attempts))
            )[0]?.total ?? 0,
        ),
      );
      this.set({ state: "waiting" }, waiting ?? 0);
      this.set({ state: "given_up" }, givenUp ?? 0);
    },
  });
}

/**
 * `GET /metrics`: refused (403) unless the client's own address (never a forwarded one) is in
 * `allow`; a cluster's worker answers every worker's figures, gathered by the primary.
 */
export function metricsEndpoint(options: { allow: readonly string[]; database: DbHandle }): RequestHandler {
  const allowed = allowList(options.allow);
  const { registry } = storeMetrics();
  watchDatabase(options.database);
  return async (req, res) => {
    const raw = req.socket.remoteAddress ?? "";
    const address = raw.startsWith("::ffff:") && isIPv4(raw.slice(7)) ? raw.slice(7) : raw;
    if (!allowed.check(address, isIPv4(address) ? "ipv4" : "ipv6")) {
      res.status(403).json({
        code: "metrics_forbidden",
        message: "This address may not read the metrics (METRICS_ALLOW).",
        data: { status: 403 },
      });
      return;
    }
    const text = cluster.isWorker ? await askPrimary() : await registry.metrics();
    res.set("Content-Type", registry.contentType).set("Cache-Control", "no-store").send(text);
  };
}

const METRICS_ASKED = "vitrine:metrics-asked";
const METRICS_ANSWERED = "vitrine:metrics-answered";

/** Every worker's figures, from the cluster's primary (`answerMetrics`). */
function askPrimary(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const heard = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== METRICS_ANSWERED || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", heard);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? "");
    };
    const timer = setTimeout(() => {
      process.off("message", heard);
      reject(new Error("the cluster's primary did not answer with the metrics"));
    }, 10_000);
    process.on("message", heard);
    process.send?.({ type: METRICS_ASKED, id });
  });
}

/** The cluster's primary: gathers every worker's figures when one of them is asked for them. */
export function answerMetrics(logger: Logger): void {
  const registry = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_ASKED) return;
    registry
      .clusterMetrics()
      .then((text) => worker.send({ type: METRICS_ANSWERED, id: message.id, text }))
      .catch((error: Error) => {
        logger.warn({ err: error }, "gathering the workers' metrics failed");
        worker.send({ type: METRICS_ANSWERED, id: message.id, error: error.message });
      });
  });
}

/** Gives up on a check that has not answered by then. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/**
 * `GET /healthz`, alive: 200 while the process answers, with the database's kind and whether the
 * demo pictures are drawn when the database says so (decision 0021); a database that does not
 * answer is named, and the process is still alive. `GET /readyz`, ready for traffic: 200 when the
 * database answers with every migration applied and the media folder can be written, else 503
 * with the check that failed.
 */
export function healthEndpoints(options: {
  database: DbHandle;
  mediaState: () => Promise<string>;
  migrationsApplied: () => Promise<boolean>;
  storageWritable: () => Promise<void>;
  logger: Logger;
}): { alive: RequestHandler; ready: RequestHandler } {
  const { database } = options;
  return {
    alive: async (_req, res) => {
      res.locals.route = "/healthz";
      res.set("Cache-Control", "no-store");
      try {
        const media = await within(2000, options.mediaState());
        res.json({ status: "ok", database: database.dialect, media });
      } catch {
        res.json({ status: "ok", database: database.dialect, media: "unknown", databaseReachable: false });
      }
    },
    ready: async (_req, res) => {
      res.locals.route = "/readyz";
      res.set("Cache-Control", "no-store");
      const checks: Record<string, string> = {};
      const check = async (
        name: string,
        work: () => Promise<unknown>,
        failedWhen?: (value: unknown) => string | null,
      ) => {
        try {
          const value = await within(3000, work());
          checks[name] = failedWhen?.(value) ?? "ok";
        } catch (error) {
          checks[name] = "unreachable";
          options.logger.warn({ err: error, check: name }, "readiness check failed");
        }
      };
      await check(
        "database",
        () => options.migrationsApplied(),
        (applied) => (applied ? null : "migrations pending"),
      );
      await check("storage", () => options.storageWritable());
      const ready = Object.values(checks).every((state) => state === "ok");
      res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable", ...checks });
    },
  };
}
