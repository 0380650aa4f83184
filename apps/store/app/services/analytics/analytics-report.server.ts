import { originLabel } from "@vitrine/attribution";
import { type Database, analyticsEvents as events } from "@vitrine/db";
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, ne, sql } from "drizzle-orm";
import {
  ANALYTICS_CLICK_KINDS,
  ANALYTICS_LIST_ROWS,
  type AnalyticsClickKind,
  type AnalyticsConversion,
  type AnalyticsDay,
  type AnalyticsLink,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsSession,
  periodDays,
} from "../../lib/analytics-report.ts";
import { attributionRows } from "./attribution-report.server.ts";

const DAY_MS = 86_400_000;

/** The period's first instant and the instant after its last day (UTC). */
function bounds(query: AnalyticsQuery) {
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  return { start, end };
}

/**
 * The owner's analytics over a period (issue 18, decision 0042): page views and visitors by UTC
 * day, the most viewed pages, the most clicked downloads, outbound and affiliate links, the newest
 * sessions, and each origin's sessions beside its orders. Visitor hashes change every day and
 * cannot be joined across days (decision 0040), so a page's visitors over several days are the sum
 * of its daily visitors; the report never claims unique visitors over a period.
 *
 * A session belongs to the period its first event is in, and counts with all its events. Orders are
 * the attribution report's (`attributionRows` by origin): sales in the store's `currency` placed in
 * the period. Sessions and orders are matched by origin label only: no order records its analytics
 * session, by design, so the rate is a ratio of two counts, not a funnel of the same visits.
 */
export async function analyticsReport(
  db: Database,
  query: AnalyticsQuery,
  currency: string,
): Promise<AnalyticsReport> {
  const [days, pages, clicks, sessions, conversion] = await Promise.all([
    dailyViews(db, query),
    topPages(db, query),
    topLinks(db, query),
    recentSessions(db, query),
    conversionByOrigin(db, query, currency),
  ]);
  return {
    query,
    currency,
    totals: {
      views: days.reduce((sum, day) => sum + day.views, 0),
      sessions: conversion.reduce((sum, row) => sum + row.sessions, 0),
    },
    days,
    pages,
    clicks,
    sessions,
    conversion,
  };
}

function inPeriod(query: AnalyticsQuery) {
  const { start, end } = bounds(query);
  return and(gte(events.occurredAt, start), lt(events.occurredAt, end));
}

const pageViews = eq(events.kind, "page_view");

/** Every day of the period, with no views as zeros. */
async function dailyViews(db: Database, query: AnalyticsQuery): Promise<AnalyticsDay[]> {
  // Written out, not a parameter: the grouping must name the very expression the select list does.
  const day = sql<string>`to_char(${events.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      views: sql<number>`count(*)`.mapWith(Number),
      visitors: sql<number>`count(distinct ${events.visitor})`.mapWith(Number),
    })
    .from(events)
    .where(and(pageViews, inPeriod(query)))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return periodDays(query).map((day) => {
    const row = byDay.get(day);
    return { day, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
  });
}

async function topPages(db: Database, query: AnalyticsQuery) {
  return db
    .select({
      path: events.path,
      views: sql<number>`count(*)`.mapWith(Number),
      visitors: sql<number>`count(distinct ${events.visitor})`.mapWith(Number),
    })
    .from(events)
    .where(and(pageViews, inPeriod(query)))
    .groupBy(events.path)
    .orderBy(desc(sql`count(*)`), asc(events.path))
    .limit(ANALYTICS_LIST_ROWS.pages);
}

/** The most clicked links of each kind, in one pass: ranked within their kind. */
async function topLinks(
  db: Database,
  query: AnalyticsQuery,
): Promise<Record<AnalyticsClickKind, AnalyticsLink[]>> {
  const ranked = db
    .select({
      kind: events.kind,
      target: events.target,
      clicks: sql<number>`count(*)`.as("clicks"),
      rank: sql<number>`row_number() over (partition by ${events.kind} order by count(*) desc, ${events.target})`.as(
        "rank",
      ),
    })
    .from(events)
    .where(and(ne(events.kind, "page_view"), isNotNull(events.target), inPeriod(query)))
    .groupBy(events.kind, events.target)
    .as("ranked");
  const rows = await db
    .select({ kind: ranked.kind, target: ranked.target, clicks: ranked.clicks })
    .from(ranked)
    .where(lte(ranked.rank, ANALYTICS_LIST_ROWS.links))
    .orderBy(asc(ranked.rank));
  const clicks = Object.fromEntries(ANALYTICS_CLICK_KINDS.map((kind) => [kind, [] as AnalyticsLink[]]));
  for (const row of rows) clicks[row.kind]?.push({ target: row.target ?? "", clicks: Number(row.clicks) });
  return clicks as Record<AnalyticsClickKind, AnalyticsLink[]>;
}

/**
 * The sessions that started in the period, one row each: their first and last event (epoch
 * seconds), page views, device and the origin of their first page view that has one.
 */
function periodSessions(db: Database, query: AnalyticsQuery) {
  const touched = db.selectDistinct({ session: events.session }).from(events).where(inPeriod(query));
  const first = (column: typeof events.sourceType | typeof events.source) =>
    sql<
      string | null
    >`(array_agg(${column} order by ${events.occurredAt}, ${events.id}) filter (where ${events.sourceType} is not null))[1]`;
  const perSession = db
    .select({
      session: events.session,
      started: sql<string>`extract(epoch from min(${events.occurredAt}))`.as("started"),
      ended: sql<string>`extract(epoch from max(${events.occurredAt}))`.as("ended"),
      pages: sql<number>`count(*) filter (where ${events.kind} = 'page_view')`.as("pages"),
      device: sql<string>`(array_agg(${events.device} order by ${events.occurredAt}, ${events.id}))[1]`.as(
        "device",
      ),
      sourceType: first(events.sourceType).as("source_type"),
      source: first(events.source).as("source"),
    })
    .from(events)
    .where(inArray(events.session, touched))
    .groupBy(events.session)
    .as("per_session");
  const { start, end } = bounds(query);
  const startedInPeriod = and(
    sql`${perSession.started} >= ${start.getTime() / 1000}`,
    sql`${perSession.started} < ${end.getTime() / 1000}`,
  );
  return { perSession, startedInPeriod };
}

async function recentSessions(db: Database, query: AnalyticsQuery): Promise<AnalyticsSession[]> {
  const { perSession, startedInPeriod } = periodSessions(db, query);
  const rows = await db
    .select({
      session: perSession.session,
      started: perSession.started,
      ended: perSession.ended,
      pages: perSession.pages,
      device: perSession.device,
      sourceType: perSession.sourceType,
      source: perSession.source,
      // Qualified by hand: a subquery's column would be written unqualified, and mean the inner table's.
      recorded: sql<boolean>`exists (select 1 from analytics_recordings r where r.session = per_session.session)`,
    })
    .from(perSession)
    .where(startedInPeriod)
    .orderBy(desc(perSession.started), asc(perSession.session))
    .limit(ANALYTICS_LIST_ROWS.sessions);
  return rows.map((row) => ({
    session: row.session,
    startedAt: new Date(Number(row.started) * 1000).toISOString(),
    duration: Math.round(Number(row.ended) - Number(row.started)),
    pages: Number(row.pages),
    device: row.device,
    origin: originLabel(row.sourceType, row.source),
    recorded: row.recorded === true || String(row.recorded) === "t",
  }));
}

/**
 * Each origin's sessions beside its orders and revenue (the attribution report's, by origin), the
 * origins with the most sessions first; an origin with orders and no sessions has no rate.
 */
async function conversionByOrigin(
  db: Database,
  query: AnalyticsQuery,
  currency: string,
): Promise<AnalyticsConversion[]> {
  const { perSession, startedInPeriod } = periodSessions(db, query);
  const [visits, sales] = await Promise.all([
    db
      .select({
        sourceType: perSession.sourceType,
        source: perSession.source,
        sessions: sql<number>`count(*)`.mapWith(Number),
      })
      .from(perSession)
      .where(startedInPeriod)
      .groupBy(perSession.sourceType, perSession.source),
    attributionRows(db, { ...query, by: "origin" }, currency),
  ]);
  const rows = new Map<string, AnalyticsConversion>();
  const row = (origin: string) => {
    const found = rows.get(origin) ?? { origin, sessions: 0, orders: 0, revenue: 0, rate: null };
    rows.set(origin, found);
    return found;
  };
  for (const visit of visits) row(originLabel(visit.sourceType, visit.source)).sessions += visit.sessions;
  for (const sale of sales) {
    const found = row(sale.key ?? originLabel(null, null));
    found.orders += sale.orders;
    found.revenue += sale.revenue;
  }
  return [...rows.values()]
    .map((found) => ({ ...found, rate: found.sessions > 0 ? found.orders / found.sessions : null }))
    .sort(
      (a, b) =>
        b.sessions - a.sessions ||
        b.orders - a.orders ||
        b.revenue - a.revenue ||
        a.origin.localeCompare(b.origin, "en"),
    );
}
