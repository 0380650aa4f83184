import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./client.ts";

/**
 * What one server process tells the others sharing its database: guest pages to drop from their
 * caches, or store settings to read again. On PostgreSQL the news travels by LISTEN/NOTIFY; on
 * PGlite one process owns the database, so it stays in the process.
 */
export type Change =
  /** Every cached page goes. */
  | "pages"
  /** The cached pages that show one of these tags go (`pages:product-12,listing`). */
  | `pages:${string}`
  | "settings";
const CHANGES: readonly Change[] = ["pages", "settings"];
const CHANGE_PATTERN = /^(pages(:[a-z0-9-]{1,64}(,[a-z0-9-]{1,64})*)?|settings)$/;

/** The tags of a `pages:…` change; null for a change that drops every page. */
export function changedPageTags(change: Change): string[] | null {
  return change.startsWith("pages:") ? change.slice("pages:".length).split(",") : null;
}
const CHANNEL = "vitrine_changes";

export type ChangeFeed = {
  /** Tells this process at once and every other process as soon as the database delivers it. */
  publish(change: Change): void;
  /** Called once for every change, this process's own included, and for all kinds after a reconnect. */
  subscribe(listener: (change: Change) => void): void;
  close(): Promise<void>;
};

export async function openChangeFeed(options: {
  db: Database;
  databaseUrl: string | undefined;
  onError?: (error: unknown) => void;
}): Promise<ChangeFeed> {
  const events = new EventEmitter();
  const emit = (change: Change) => events.emit("change", change);
  const sending = new Set<Promise<void>>();
  // The payload names its sender (`pages@<sender>`, `pages:product-12@<sender>`): the database delivers a notification to its
  // sender's listener too, and this process has already heard its own news at once.
  const sender = randomUUID();
  const listener = options.databaseUrl
    ? await listen(
        options.databaseUrl,
        (payload) => {
          const at = payload.lastIndexOf("@");
          const change = payload.slice(0, Math.max(at, 0));
          if (payload.slice(at + 1) !== sender && CHANGE_PATTERN.test(change)) emit(change as Change);
        },
        () => CHANGES.forEach(emit),
        options.onError ?? (() => {}),
      )
    : undefined;
  return {
    publish(change) {
      emit(change);
      if (!listener) return;
      const sent = options.db
        .execute(sql`select pg_notify(${CHANNEL}, ${`${change}@${sender}`})`)
        .then(() => {}, options.onError ?? (() => {}))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
    subscribe(callback) {
      events.on("change", callback);
    },
    async close() {
      events.removeAllListeners();
      // Changes published just before closing (a shutdown) still reach the other processes.
      await Promise.all(sending);
      await listener?.close();
    },
  };
}

/**
 * A connection of its own that LISTENs, reconnecting with a growing pause when it drops; after a
 * reconnect `onResync` runs, since notifications sent meanwhile are lost.
 */
async function listen(
  databaseUrl: string,
  onPayload: (payload: string) => void,
  onResync: () => void,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let pause = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => onPayload(message.payload ?? ""));
    next.on("error", (error) => {
      onError(error);
      reconnect();
    });
    next.on("end", reconnect);
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  };
  /** Its listeners gone, the client may still report how it ended: heard, and nothing else done. */
  const retire = (ended: pg.Client | undefined) => {
    ended?.removeAllListeners();
    ended?.on("error", () => {});
  };
  const reconnect = () => {
    if (closed || retry) return;
    retire(client);
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connect()
        .then(() => {
          pause = 500;
          onResync();
        })
        .catch((error) => {
          onError(error);
          pause = Math.min(pause * 2, 30_000);
          reconnect();
        });
    }, pause);
    retry.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      retire(open);
      await open?.end().catch(() => {});
    },
  };
}
