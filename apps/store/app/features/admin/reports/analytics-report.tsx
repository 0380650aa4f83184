import type { TFunction } from "i18next";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { formatCount, formatPercent } from "../../../i18n/figures.ts";
import { formatDate, formatDateTime, formatPrice } from "../../../i18n/format.ts";
import { isLocale, type Locale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  ANALYTICS_CLICK_KINDS,
  ANALYTICS_LIST_ROWS,
  type DailyChart,
  type AnalyticsReport as Report,
  replayHref,
} from "../../../lib/analytics-report.ts";
import { originText } from "../orders/order-labels.tsx";
import { ChartFrame, FigureTable, ReportPeriodForm } from "./report-parts.tsx";

const NOTE_CAPTION = "mb-2 text-left text-sm text-stone-700";
const SECTION_TITLE = "mb-3 text-xl font-semibold";
/** The chart's two lines: page views in the brand's colour, visitors dark and dashed. */
const SERIES = [
  { key: "views", stroke: "var(--color-brand)", dash: undefined },
  { key: "visitors", stroke: "#44403c", dash: "6 4" },
] as const;
const DEVICES = new Set(["Mobile", "Tablet", "Desktop"]);

/** Seconds as the owner reads them: `45 s`, `3 min 30 s`. */
function durationText(seconds: number, t: TFunction): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0
    ? t("backOffice.analytics.minutesSeconds", { minutes, seconds: seconds % 60 })
    : t("backOffice.analytics.seconds", { seconds });
}

/** The report's numbers in the page's language. */
function useFigures(currency: string) {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : "en";
  return {
    locale,
    count: (value: number) => formatCount(value, locale),
    percent: (value: number) => formatPercent(value, locale),
    money: (cents: number) => formatPrice(cents, currency, locale),
  };
}

/**
 * The owner's analytics (issue 18, decision 0042): a period chosen in a GET form that works without
 * JavaScript; page views and visitors by day as a chart the server laid out, with its figures in a
 * table; the most viewed pages; the clicked downloads, outbound and affiliate links; the newest
 * sessions, each with its replay when it was recorded; and each origin's sessions beside its orders.
 */
export function AnalyticsReport({
  report,
  invalid,
  chart,
}: {
  report: Report;
  invalid: boolean;
  chart: DailyChart;
}) {
  const { t } = useTranslation();
  const { locale, count } = useFigures(report.currency);
  const { query } = report;
  const period = t("backOffice.reports.periodText", {
    from: formatDate(query.from, locale),
    to: formatDate(query.to, locale),
  });

  return (
    <div className="space-y-10">
      <ReportPeriodForm
        key={`${query.from}|${query.to}`}
        action="/admin/analytics"
        label={t("backOffice.analytics.choose")}
        from={query.from}
        to={query.to}
      />

      {invalid && (
        <p role="alert" className="border-l-4 border-amber-500 bg-amber-50 px-4 py-2">
          {t("backOffice.analytics.invalid")}
        </p>
      )}

      <div className="space-y-2">
        <p className="text-sm text-stone-700">
          {period}. {t("backOffice.analytics.counted")}
        </p>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded border border-stone-200 p-4">
            <dt className="text-sm text-stone-700">{t("backOffice.analytics.views")}</dt>
            <dd className="text-3xl font-semibold">{count(report.totals.views)}</dd>
          </div>
          <div className="rounded border border-stone-200 p-4">
            <dt className="text-sm text-stone-700">{t("backOffice.analytics.sessions")}</dt>
            <dd className="text-3xl font-semibold">{count(report.totals.sessions)}</dd>
          </div>
        </dl>
      </div>

      <ByDaySection report={report} chart={chart} period={period} />
      <TopPagesSection report={report} />
      <ClicksSection report={report} />
      <RecentSessionsSection report={report} />
      <ConversionSection report={report} period={period} />
    </div>
  );
}

/** Page views and visitors by day: the chart, then its figures in a table. */
function ByDaySection({ report, chart, period }: { report: Report; chart: DailyChart; period: string }) {
  const { t } = useTranslation();
  const { locale, count } = useFigures(report.currency);
  return (
    <Section title={t("backOffice.analytics.byDay")}>
      <DailyChartFigure
        title={t("backOffice.analytics.byDay")}
        chart={chart}
        names={[t("backOffice.analytics.views"), t("backOffice.analytics.visitors")]}
        dayLabel={(day) =>
          new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", {
            month: "short",
            day: "numeric",
            timeZone: "UTC",
          }).format(new Date(day))
        }
        format={count}
      />
      <p className="my-3 text-sm text-stone-700">{t("backOffice.analytics.visitorsNote")}</p>
      <FigureTable
        caption={`${t("backOffice.analytics.byDayTable")} (${period})`}
        columns={[
          { label: t("backOffice.analytics.day") },
          { label: t("backOffice.analytics.views"), figure: true },
          { label: t("backOffice.analytics.visitors"), figure: true },
        ]}
        rows={report.days.map((day) => ({
          key: day.day,
          header: formatDate(day.day, locale),
          cells: [count(day.views), count(day.visitors)],
        }))}
      />
    </Section>
  );
}

function TopPagesSection({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { count } = useFigures(report.currency);
  return (
    <Section title={t("backOffice.analytics.topPages")}>
      {report.pages.length === 0 ? (
        <p>{t("backOffice.analytics.noViews")}</p>
      ) : (
        <FigureTable
          caption={t("backOffice.analytics.topPagesNote", { count: ANALYTICS_LIST_ROWS.pages })}
          captionClassName={NOTE_CAPTION}
          breakHeaders
          columns={[
            { label: t("backOffice.analytics.page") },
            { label: t("backOffice.analytics.views"), figure: true },
            { label: t("backOffice.analytics.visitors"), figure: true },
          ]}
          rows={report.pages.map((page) => ({
            key: page.path,
            header: page.path,
            cells: [count(page.views), count(page.visitors)],
          }))}
        />
      )}
    </Section>
  );
}

/** The clicked downloads, outbound and affiliate links, a table of each. */
function ClicksSection({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { count } = useFigures(report.currency);
  return (
    <Section title={t("backOffice.analytics.clicks")}>
      <div className="grid gap-6">
        {ANALYTICS_CLICK_KINDS.map((kind) => (
          <div key={kind}>
            <h3 id={`clicks-${kind}`} className="mb-2 font-semibold">
              {t(`backOffice.analytics.clickKinds.${kind}`)}
            </h3>
            {report.clicks[kind].length === 0 ? (
              <p className="text-sm">{t("backOffice.analytics.noClicks")}</p>
            ) : (
              <FigureTable
                labelledBy={`clicks-${kind}`}
                breakHeaders
                columns={[
                  { label: t("backOffice.analytics.link") },
                  { label: t("backOffice.analytics.clickCount"), figure: true },
                ]}
                rows={report.clicks[kind].map((link) => ({
                  key: link.target,
                  header: link.target,
                  cells: [count(link.clicks)],
                }))}
              />
            )}
          </div>
        ))}
      </div>
    </Section>
  );
}

/** The newest sessions, each with its replay when it was recorded. */
function RecentSessionsSection({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { locale, count } = useFigures(report.currency);
  return (
    <Section title={t("backOffice.analytics.recentSessions")}>
      {report.sessions.length === 0 ? (
        <p>{t("backOffice.analytics.noSessions")}</p>
      ) : (
        <FigureTable
          minWidth="min-w-[44rem]"
          caption={t("backOffice.analytics.recentNote", { count: ANALYTICS_LIST_ROWS.sessions })}
          captionClassName={NOTE_CAPTION}
          columns={[
            { label: t("backOffice.analytics.started") },
            { label: t("backOffice.analytics.pages"), figure: true },
            { label: t("backOffice.analytics.duration"), figure: true },
            { label: t("backOffice.reports.dimensions.device"), className: "pl-4" },
            { label: t("backOffice.reports.dimensions.origin") },
            { label: t("backOffice.analytics.recording") },
          ]}
          rows={report.sessions.map((session) => {
            const started = formatDateTime(session.startedAt, locale);
            return {
              key: session.session,
              header: started,
              cells: [
                count(session.pages),
                durationText(session.duration, t),
                DEVICES.has(session.device)
                  ? t(`backOffice.reports.devices.${session.device.toLowerCase()}`)
                  : session.device,
                originText(session.origin, t),
                session.recorded ? (
                  <Link to={replayHref(session.session)} className="font-semibold underline">
                    {t("backOffice.analytics.replay")}
                    <span className="sr-only"> {t("backOffice.analytics.replayOf", { started })}</span>
                  </Link>
                ) : (
                  <span className="text-stone-600">{t("backOffice.analytics.notRecorded")}</span>
                ),
              ],
            };
          })}
        />
      )}
    </Section>
  );
}

/** Each origin's sessions beside its orders, revenue and conversion rate. */
function ConversionSection({ report, period }: { report: Report; period: string }) {
  const { t } = useTranslation();
  const { count, percent, money } = useFigures(report.currency);
  return (
    <Section title={t("backOffice.analytics.conversion")}>
      <p className="mb-3 text-sm text-stone-700">
        {t("backOffice.analytics.conversionNote", { currency: report.currency })}
      </p>
      {report.conversion.length === 0 ? (
        <p>{t("backOffice.analytics.noSessions")}</p>
      ) : (
        <FigureTable
          minWidth="min-w-[36rem]"
          caption={`${t("backOffice.analytics.conversion")} (${period})`}
          captionClassName="sr-only"
          columns={[
            { label: t("backOffice.reports.dimensions.origin") },
            { label: t("backOffice.analytics.sessions"), figure: true },
            { label: t("backOffice.reports.orders"), figure: true },
            { label: t("backOffice.reports.revenue"), figure: true },
            { label: t("backOffice.analytics.rate"), figure: true },
          ]}
          rows={report.conversion.map((row) => ({
            key: row.origin,
            header: originText(row.origin, t),
            cells: [
              count(row.sessions),
              count(row.orders),
              money(row.revenue),
              row.rate === null ? t("backOffice.analytics.noRate") : percent(row.rate),
            ],
          }))}
        />
      )}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={SECTION_TITLE}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The daily chart: an SVG image named by its caption (its figures are in the table below it, so the
 * picture is one image to a screen reader), its lines and ticks placed by the server.
 */
function DailyChartFigure({
  title,
  chart,
  names,
  dayLabel,
  format,
}: {
  title: string;
  chart: DailyChart;
  names: [string, string];
  dayLabel: (day: string) => string;
  format: (value: number) => string;
}) {
  const id = useId();
  // Dots only where they can be told apart; the lines carry longer periods.
  const dotted = (chart.series[0]?.dots.length ?? 0) <= 62;
  return (
    <figure className="report-chart">
      <figcaption id={id} className="mb-2">
        <span className="sr-only">{title}</span>
        <ul className="flex flex-wrap gap-x-6 text-sm">
          {SERIES.map((series, index) => (
            <li key={series.key} className="flex items-center gap-2">
              <svg width="28" height="10" aria-hidden="true">
                <line
                  x1="0"
                  x2="28"
                  y1="5"
                  y2="5"
                  stroke={series.stroke}
                  strokeWidth="3"
                  strokeDasharray={series.dash}
                />
              </svg>
              {names[index]}
            </li>
          ))}
        </ul>
      </figcaption>
      <ChartFrame width={chart.width} height={chart.height} labelledBy={id} title={title}>
        {chart.valueTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={chart.plotLeft} x2={chart.plotRight} y1={tick.y} y2={tick.y} stroke="#e7e5e4" />
            <text x={chart.plotLeft - 8} y={tick.y} textAnchor="end" dominantBaseline="middle" fill="#44403c">
              {format(tick.value)}
            </text>
          </g>
        ))}
        <line x1={chart.plotLeft} x2={chart.plotRight} y1={chart.axisY} y2={chart.axisY} stroke="#78716c" />
        {chart.dayTicks.map((tick) => (
          <text key={tick.day} x={tick.x} y={chart.axisY + 16} textAnchor="middle" fill="#44403c">
            {dayLabel(tick.day)}
          </text>
        ))}
        {chart.series.map((series, index) => {
          const style = SERIES[index] ?? SERIES[0];
          return (
            <g key={style.key}>
              <polyline
                points={series.points}
                fill="none"
                stroke={style.stroke}
                strokeWidth="2.5"
                strokeDasharray={style.dash}
                strokeLinejoin="round"
              />
              {dotted &&
                series.dots.map((dot) => (
                  <circle key={dot.x} cx={dot.x} cy={dot.y} r="3" fill={style.stroke} />
                ))}
            </g>
          );
        })}
      </ChartFrame>
    </figure>
  );
}
