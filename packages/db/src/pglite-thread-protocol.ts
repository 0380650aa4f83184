/** The messages between the main thread and the embedded database's thread (`pglite-thread.ts`). */
export type ThreadSettings = { folder: string; templateDir: string; preparedStatements: boolean };

export type ThreadRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[] | undefined;
      rowMode: "array" | "object" | undefined;
      /** The types whose values stay as PostgreSQL's text (drizzle's parsers are all the identity). */
      parserTypes: number[];
      tx?: number;
    }
  | { id: number; op: "exec"; sql: string; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "close"; checkpoint: boolean };

/** Id 0 answers the thread's start: `"ready"` or the error that kept the database from opening. */
export type ThreadReply = { id: number; result: unknown } | { id: number; error: Record<string, unknown> };
