/**
 * The embedded database's own thread (issue 45, decision 0086): a worker that opens PGlite on the
 * store's data folder and runs the statements the main thread sends it (`pglite-thread-client.ts`),
 * so that a statement never holds the thread that renders pages and answers requests. The main
 * thread keeps the data folder's lock; this thread is the only one that touches the files.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";
import { openPgliteFolder } from "./pglite-open.ts";
import type { ThreadReply, ThreadRequest, ThreadSettings } from "./pglite-thread-protocol.ts";
import { prepareStatements } from "./preparing-pglite.ts";

const port = parentPort;
if (!port) throw new Error("pglite-thread runs as a worker thread");
const settings = workerData as ThreadSettings;

/** Thrown inside a transaction the main thread ended without committing, to roll it back. */
const ROLLBACK = Symbol("rollback");

type Open = { tx: Transaction; end: (commit: boolean, id: number) => void };

async function main(client: PGlite): Promise<void> {
  const open = new Map<number, Open>();
  let nextTransaction = 0;
  const reply = (message: ThreadReply) => {
    try {
      port!.postMessage(message);
    } catch (error) {
      // A result that cannot be copied to the main thread is that statement's error, not the thread's.
      port!.postMessage({ id: message.id, error: serializeError(error) });
    }
  };
  const failed = (id: number, error: unknown) => reply({ id, error: serializeError(error) });
  const on = (tx: number | undefined): Pick<PGlite, "query" | "exec"> => {
    if (tx === undefined) return client;
    const transaction = open.get(tx);
    if (!transaction) throw new Error(`No open transaction ${tx} on the database's thread`);
    return transaction.tx;
  };

  port!.on("message", (request: ThreadRequest) => {
    const { id } = request;
    switch (request.op) {
      case "query":
        Promise.resolve()
          .then(() =>
            on(request.tx).query(
              request.sql,
              request.params,
              queryOptions(request.rowMode, request.parserTypes),
            ),
          )
          .then(
            (result) => reply({ id, result }),
            (error) => failed(id, error),
          );
        return;
      case "exec":
        Promise.resolve()
          .then(() => on(request.tx).exec(request.sql))
          .then(
            (result) => reply({ id, result }),
            (error) => failed(id, error),
          );
        return;
      case "begin": {
        const tx = ++nextTransaction;
        let endId = -1;
        client
          .transaction(async (transaction) => {
            const commit = await new Promise<boolean>((resolve) => {
              open.set(tx, {
                tx: transaction,
                end: (commitIt, id) => {
                  endId = id;
                  resolve(commitIt);
                },
              });
              reply({ id, result: tx });
            });
            if (!commit) throw ROLLBACK;
          })
          .then(
            () => reply({ id: endId, result: null }),
            (error) => (error === ROLLBACK ? reply({ id: endId, result: null }) : failed(endId, error)),
          )
          .finally(() => open.delete(tx));
        return;
      }
      case "end": {
        const transaction = open.get(request.tx);
        if (!transaction) failed(id, new Error(`No open transaction ${request.tx} on the database's thread`));
        else transaction.end(request.commit, id);
        return;
      }
      case "close":
        (async () => {
          if (!client.closed) {
            if (request.checkpoint) await client.exec("CHECKPOINT");
            await client.close();
          }
        })().then(
          () => reply({ id, result: null }),
          (error) => failed(id, error),
        );
        return;
    }
  });
  reply({ id: 0, result: "ready" });
}

/** Drizzle's parsers leave dates and intervals as text; they are the identity for these types. */
function queryOptions(rowMode: "array" | "object" | undefined, parserTypes: number[]): QueryOptions {
  const parsers: Record<number, (value: string) => string> = {};
  for (const type of parserTypes) parsers[type] = (value) => value;
  return { rowMode, parsers };
}

/** An error as data: its message, name and the fields PostgreSQL's errors carry (code, detail…). */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name, stack: error.stack };
  // Only what is text, a number or a flag: an error may also carry its query's options (functions).
  for (const [key, value] of Object.entries(error)) {
    if (["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

openPgliteFolder(settings.folder, settings.templateDir).then(
  (client) => main(settings.preparedStatements ? prepareStatements(client) : client),
  (error) => port.postMessage({ id: 0, error: serializeError(error) } satisfies ThreadReply),
);
