import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import type { ThreadReply, ThreadRequest, ThreadSettings } from "./pglite-thread-protocol.ts";

/**
 * The main thread's side of the embedded database's thread (`pglite-thread.ts`, decision 0086):
 * what drizzle and the store call on PGlite (`query`, `exec`, `transaction`, `close`), each a
 * message to the thread and its answer. A transaction stays open on the thread while its callback
 * runs here; its statements name it, and its end commits or rolls it back there.
 */
export type ThreadClient = Pick<PGlite, "query" | "exec" | "transaction" | "close"> & {
  readonly closed: boolean;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

export async function startPgliteThread(file: URL, settings: ThreadSettings): Promise<ThreadClient> {
  // A module not yet built (tests run the TypeScript) is loaded through tsx, as the tests are.
  const worker = file.pathname.endsWith(".ts")
    ? new Worker(
        `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`,
        { eval: true, workerData: settings },
      )
    : new Worker(file, { workerData: settings });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let closed = false;
  let crashed: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on("message", (reply: ThreadReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ("error" in reply) waiting.reject(restoredError(reply.error));
    else waiting.resolve(reply.result);
  });
  // The thread dying leaves no database: every statement waiting fails, and so does every later one.
  const fail = (error: Error) => {
    crashed = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => {
    if (!closed) fail(new Error(`The embedded database's thread stopped (exit code ${code})`));
  });

  const send = <T>(request: Request): Promise<T> => {
    if (crashed) return Promise.reject(crashed);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id } as ThreadRequest);
    });
  };

  const queryOn =
    (tx: number | undefined) =>
    <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> =>
      send({
        op: "query",
        sql,
        params,
        rowMode: options?.rowMode,
        parserTypes: Object.keys(options?.parsers ?? {}).map(Number),
        ...(tx === undefined ? {} : { tx }),
      });
  const execOn = (tx: number | undefined) => (sql: string) =>
    send<Array<Results>>({ op: "exec", sql, ...(tx === undefined ? {} : { tx }) });

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const client = {
    get closed() {
      return closed;
    },
    query: queryOn(undefined),
    exec: execOn(undefined),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const tx = await send<number>({ op: "begin" });
      let ended = false;
      const transaction = {
        query: queryOn(tx),
        exec: execOn(tx),
        sql: () => {
          throw new Error("tagged templates are not sent to the database's thread");
        },
        rollback: async () => {
          ended = true;
          await send({ op: "end", tx, commit: false });
        },
        get closed() {
          return ended;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(transaction);
      } catch (error) {
        if (!ended) {
          ended = true;
          await send({ op: "end", tx, commit: false }).catch(() => {});
        }
        throw error;
      }
      if (!ended) {
        ended = true;
        await send({ op: "end", tx, commit: true });
      }
      return result;
    },
    async close() {
      if (closed) return;
      try {
        if (!crashed) await send({ op: "close", checkpoint: true });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  };
  return client as unknown as ThreadClient;
}

/** The thread's error as an Error again, with PostgreSQL's fields (code, detail, constraint…). */
function restoredError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? "database error"));
  Object.assign(error, fields);
  return error;
}
