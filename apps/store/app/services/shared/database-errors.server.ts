/**
 * What PostgreSQL said when a statement failed, however the error arrived: node-postgres and PGlite
 * raise it with its SQLSTATE `code`, and Drizzle wraps it in an error of its own (`cause`). One
 * reading for every use case that answers a database refusal (a taken slug or SKU, a raced
 * checkout, a deadlock to retry).
 */
export type DatabaseRefusal = { code: string; constraint: string | undefined };

/** SQLSTATE 23505: a unique index already holds the value. */
export const UNIQUE_VIOLATION = "23505";
/** SQLSTATE 40P01: the transaction was rolled back to break a deadlock, and may run again. */
export const DEADLOCK_DETECTED = "40P01";

export function databaseRefusal(error: unknown): DatabaseRefusal | null {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
  }
  return null;
}
