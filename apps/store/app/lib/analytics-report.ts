import { z } from "zod";
import { reportDay } from "./attribution-report.ts";

/**
 * The owner's analytics reports (issue 18, decision 0042): the period an address asks for, and the
 * report's shape, shared by the back office's page, its component and the REST route.
 */

/** The longest period the report covers, in days: past the longest default retention (395 days). */
export const ANALYTICS_MAX_DAYS = 400;

/** A report's address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`): both days included, UTC. */
export const analyticsQuery = z
  .object({ from: reportDay, to: reportDay })
  .refine((query) => query.from <= query.to, { path: ["to"], message: "The period ends before it starts." })
  .refine((query) => daysBetween(query.from, query.to) < ANALYTICS_MAX_DAYS, {
    path: ["from"],
    message: `The period is at most ${ANALYTICS_MAX_DAYS} days.`,
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Whole days from `from` to `to` (`YYYY-MM-DD`, UTC): 0 for the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every day from `from` to `to`, both included, in order. */
export function periodDays(query: AnalyticsQuery): string[] {
  const start = Date.parse(`${query.from}T00:00:00Z`);
  return Array.from({ length: daysBetween(query.from, query.to) + 1 }, (_, index) =>
    isoDay(new Date(start + index * DAY_MS)),
  );
}

/** The report a bare address shows: the last 30 days, today included (UTC). */
export function defaultAnalyticsQuery(now: Date): AnalyticsQuery {
  return { from: isoDay(new Date(now.getTime() - 29 * DAY_MS)), to: isoDay(now) };
}

/**
 * The period the address asks for, a missing or empty day taken from {@link defaultAnalyticsQuery};
 * `invalid` when a given value is not one, with the default period instead.
 */
export function readAnalyticsQuery(
  params: URLSearchParams,
  now: Date,
): { query: AnalyticsQuery; invalid: boolean } {
  const defaults = defaultAnalyticsQuery(now);
  const given = (name: keyof AnalyticsQuery) => params.get(name)?.trim() || defaults[name];
  const parsed = analyticsQuery.safeParse({ from: given("from"), to: given("to") });
  return parsed.success ? { query: parsed.data, invalid: false } : { query: defaults, invalid: true };
}

/** One UTC day: its page views, and its visitors (distinct visitor hashes of that day). */
export type AnalyticsDay = { day: string; views: number; visitors: number };

/** A page (its path): its views, and its visitors (distinct daily visitor hashes, see decision 0042). */
export type AnalyticsPage = { path: string; views: number; visitors: number };

/** A clicked link (origin and path) and its clicks. */
export type AnalyticsLink = { target: string; clicks: number };

export const ANALYTICS_CLICK_KINDS = ["download", "outbound", "affiliate"] as const;
export type AnalyticsClickKind = (typeof ANALYTICS_CLICK_KINDS)[number];

/** A session (a browser tab's visit) that started in the period. */
export type AnalyticsSession = {
  session: string;
  /** ISO date and time of its first event. */
  startedAt: string;
  /** Seconds from its first event to its last. */
  duration: number;
  pages: number;
  device: string;
  /** The origin label of its first page view (`originLabel`), `Unknown` without one. */
  origin: string;
  /** Whether it has a recording to replay. */
  recorded: boolean;
};

/**
 * An origin's sessions (started in the period), its orders (sales in the store's currency placed
 * in the period whose attribution has that origin) and their revenue; `rate` = orders / sessions,
 * null without sessions.
 */
export type AnalyticsConversion = {
  origin: string;
  sessions: number;
  orders: number;
  revenue: number;
  rate: number | null;
};

export type AnalyticsReport = {
  query: AnalyticsQuery;
  currency: string;
  totals: { views: number; sessions: number };
  days: AnalyticsDay[];
  pages: AnalyticsPage[];
  clicks: Record<AnalyticsClickKind, AnalyticsLink[]>;
  sessions: AnalyticsSession[];
  conversion: AnalyticsConversion[];
};

/** The report lists this many pages, links of each kind, and recent sessions. */
export const ANALYTICS_LIST_ROWS = { pages: 20, links: 20, sessions: 50 } as const;

/** The address of a session's replay. */
export function replayHref(session: string): string {
  return `/admin/analytics/sessions/${encodeURIComponent(session)}`;
}

/**
 * A chart of values by day, drawn by the server's scales (d3-scale, decision 0037) for the page to
 * render as SVG: one polyline per series, in the `width` × `height` view box.
 */
export type DailyChart = {
  width: number;
  height: number;
  /** Where the plot starts: the value ticks are written to the left of it. */
  plotLeft: number;
  plotRight: number;
  /** Where the day axis goes. */
  axisY: number;
  series: Array<{ points: string; dots: Array<{ x: number; y: number; value: number }> }>;
  valueTicks: Array<{ y: number; value: number }>;
  /** A few days, labelled along the axis. */
  dayTicks: Array<{ x: number; day: string }>;
};
