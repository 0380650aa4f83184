import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite runs each statement on the server's own thread, and a statement's promise settles without
 * waiting for the event loop. Requests in flight would then run from their first statement to their
 * answer in one turn of the loop, one after another, while the sockets of everyone else wait: under
 * load a turn lasts hundreds of milliseconds, and a shopper who connects during it is accepted only
 * turns later (at 50 connections, the first requests of new connections waited up to 5 s while the
 * median was 0.2 s). So each statement, and each transaction as a whole, first waits one turn of
 * the loop: between two statements Node reads the sockets and accepts new connections, and
 * requests in flight take turns instead of queueing behind one another.
 */
export function takeTurns(client: PGlite): PGlite {
  for (const name of ["query", "exec", "transaction"] as const) {
    const method = client[name] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      writable: true,
      value: async (...args: unknown[]) => {
        await nextTurn();
        return method.apply(client, args);
      },
    });
  }
  return client;
}
