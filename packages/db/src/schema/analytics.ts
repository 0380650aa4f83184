import {
  bigserial,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Raw bytes (a recording batch, gzip-compressed JSON). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * First-party analytics (decision 0040): one row per page view or tracked click. No personal data:
 * `visitor` is a salted hash that changes every day (`analytics_salts`), `session` a random id the
 * browser keeps for its tab; IP addresses are never stored, paths are kept without their query.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    visitor: text("visitor").notNull(),
    session: text("session").notNull(),
    kind: text("kind", { enum: ["page_view", "download", "outbound", "affiliate"] }).notNull(),
    /** The page's path, without query or fragment. */
    path: text("path").notNull(),
    /** A click's link (download, outbound, affiliate): origin and path, without query. */
    target: text("target"),
    /** The page's language. */
    language: text("language").notNull().default("en"),
    device: text("device", { enum: ["Mobile", "Tablet", "Desktop"] })
      .notNull()
      .default("Desktop"),
    /** On a session's first page view: where the visit came from, by the order attribution rules. */
    sourceType: text("source_type"),
    source: text("source"),
  },
  (table) => [
    index("analytics_events_occurred_at").on(table.occurredAt),
    index("analytics_events_kind_occurred_at").on(table.kind, table.occurredAt),
    index("analytics_events_session").on(table.session),
  ],
);

/** The salt of one day's visitor hashes; deleted after its day, so no hash can be recomputed. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
});

/** Session recordings (rrweb): batches of events, gzip-compressed, in the order the browser sent them. */
export const analyticsRecordings = pgTable(
  "analytics_recordings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    session: text("session").notNull(),
    seq: integer("seq").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    visitor: text("visitor").notNull(),
    /** The page the batch was recorded on, without query. */
    path: text("path").notNull(),
    events: bytea("events").notNull(),
    bytes: integer("bytes").notNull(),
  },
  (table) => [
    uniqueIndex("analytics_recordings_session_seq").on(table.session, table.seq),
    index("analytics_recordings_received_at").on(table.receivedAt),
  ],
);
