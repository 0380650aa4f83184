import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The counters of rate-limiter-flexible's `RateLimiterDrizzle` (the column names and types are its
 * own): one row per limiter key (`prefix:key`), shared by every server on the database. `expire` is
 * when the count or block ends; null never ends.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: timestamp("expire", { withTimezone: true }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);
