import type { TFunction } from "i18next";
import { useId } from "react";
import { ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import { formatCount } from "../../../i18n/figures.ts";
import { formatDate, formatPrice } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  type BarChart,
  CHART_ROWS,
  REPORT_DIMENSIONS,
  type ReportDimension,
  type ReportQuery,
  type ReportRow,
  reportCsvHref,
} from "../../../lib/attribution-report.ts";
import { originText } from "../orders/order-labels.tsx";
import { ChartFrame, FigureTable, ReportPeriodForm } from "./report-parts.tsx";

const SOURCE_TYPES = new Set(["utm", "organic", "referral", "typein", "admin", "mobile_app"]);
const DEVICES = new Set(["Mobile", "Tablet", "Desktop"]);

/** A group's value in the page's language: origins and the engine's fixed words translated. */
export function groupText(by: ReportDimension, key: string | null, t: TFunction): string {
  if (key === null) return t("backOffice.reports.none");
  if (by === "origin") return originText(key, t);
  if (by === "source_type" && SOURCE_TYPES.has(key)) return t(`backOffice.reports.sourceTypes.${key}`);
  if (by === "device" && DEVICES.has(key)) return t(`backOffice.reports.devices.${key.toLowerCase()}`);
  return key;
}

/** A name cut to fit the chart's left column; the table beside it has it whole. */
const fitted = (text: string) => (text.length > 28 ? `${text.slice(0, 27)}…` : text);

/**
 * The attribution report (issue 17): a period and a grouping chosen in a GET form that works
 * without JavaScript, the orders and the revenue of each group as two bar charts (SVG the server
 * laid out), the figures in a table, and the same report as a CSV file.
 */
export function AttributionReport({
  query,
  invalid,
  currency,
  rows,
  charts,
}: {
  query: ReportQuery;
  invalid: boolean;
  currency: string;
  rows: ReportRow[];
  charts: { orders: BarChart; revenue: BarChart };
}) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const count = (value: number) => formatCount(value, locale);
  const labels = rows.map((row) => groupText(query.by, row.key, t));
  const period = t("backOffice.reports.periodText", {
    from: formatDate(query.from, locale),
    to: formatDate(query.to, locale),
  });
  const total = rows.reduce(
    (sum, row) => ({ orders: sum.orders + row.orders, revenue: sum.revenue + row.revenue }),
    { orders: 0, revenue: 0 },
  );

  return (
    <div className="space-y-8">
      <ReportPeriodForm
        key={`${query.from}|${query.to}|${query.by}`}
        action="/admin/reports"
        label={t("backOffice.reports.choose")}
        from={query.from}
        to={query.to}
      >
        <label className="grid gap-1 text-sm">
          {t("backOffice.reports.by")}
          <select name="by" defaultValue={query.by} className={ADMIN_INLINE_FIELD}>
            {REPORT_DIMENSIONS.map((dimension) => (
              <option key={dimension} value={dimension}>
                {t(`backOffice.reports.dimensions.${dimension}`)}
              </option>
            ))}
          </select>
        </label>
      </ReportPeriodForm>

      {invalid && (
        <p role="alert" className="border-l-4 border-amber-500 bg-amber-50 px-4 py-2">
          {t("backOffice.reports.invalid")}
        </p>
      )}

      <p className="text-sm text-stone-700">
        {period}. {t("backOffice.reports.counted", { currency })}
      </p>

      {rows.length === 0 ? (
        <p className="report-empty">{t("backOffice.reports.empty")}</p>
      ) : (
        <>
          <div className="grid gap-8">
            <BarChartFigure
              title={t(`backOffice.reports.ordersBy.${query.by}`)}
              note={rows.length > CHART_ROWS ? t("backOffice.reports.chartTop", { count: CHART_ROWS }) : null}
              chart={charts.orders}
              labels={labels}
              format={count}
            />
            <BarChartFigure
              title={t(`backOffice.reports.revenueBy.${query.by}`)}
              note={rows.length > CHART_ROWS ? t("backOffice.reports.chartTop", { count: CHART_ROWS }) : null}
              chart={charts.revenue}
              labels={labels}
              format={money}
            />
          </div>
          <FigureTable
            minWidth="min-w-[40rem]"
            caption={`${t(`backOffice.reports.tableBy.${query.by}`)} (${period})`}
            columns={[
              { label: t(`backOffice.reports.dimensions.${query.by}`) },
              { label: t("backOffice.reports.orders"), figure: true },
              { label: t("backOffice.reports.revenue"), figure: true },
            ]}
            rows={rows.map((row, index) => ({
              key: row.key ?? "",
              header: labels[index],
              cells: [count(row.orders), money(row.revenue)],
            }))}
            total={{
              header: t("backOffice.reports.total"),
              cells: [count(total.orders), money(total.revenue)],
            }}
          />
        </>
      )}

      <p>
        {/* A file, not a page: the browser downloads it (a resource route, decision 0037). */}
        <a href={reportCsvHref(query)} download className="font-semibold underline">
          {t("backOffice.reports.download")}
        </a>
      </p>
    </div>
  );
}

/**
 * One chart: an SVG image named by its caption (its figures are in the table, so the picture is one
 * image to a screen reader, not a list of shapes), the bars and ticks placed by the server.
 */
function BarChartFigure({
  title,
  note,
  chart,
  labels,
  format,
}: {
  title: string;
  note: string | null;
  chart: BarChart;
  labels: string[];
  format: (value: number) => string;
}) {
  const id = useId();
  return (
    <figure className="report-chart">
      <figcaption id={id} className="mb-2 font-semibold">
        {title}
        {note && <span className="block text-sm font-normal text-stone-700">{note}</span>}
      </figcaption>
      <ChartFrame width={chart.width} height={chart.height} labelledBy={id} title={title}>
        {chart.ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={tick.x} x2={tick.x} y1={0} y2={chart.axisY} stroke="#e7e5e4" />
            <text x={tick.x} y={chart.axisY + 16} textAnchor="middle" fill="#44403c">
              {format(tick.value)}
            </text>
          </g>
        ))}
        <line x1={chart.plotLeft} x2={chart.plotLeft} y1={0} y2={chart.axisY} stroke="#78716c" />
        {chart.bars.map((bar, index) => (
          <g key={index}>
            <text
              x={chart.plotLeft - 8}
              y={bar.y + bar.height / 2}
              textAnchor="end"
              dominantBaseline="middle"
              fill="#1c1917"
            >
              {fitted(labels[index] ?? "")}
            </text>
            <rect
              x={chart.plotLeft}
              y={bar.y}
              width={bar.value > 0 ? Math.max(bar.width, 1) : 0}
              height={bar.height}
              fill="var(--color-brand)"
            />
            <text
              x={chart.plotLeft + bar.width + 6}
              y={bar.y + bar.height / 2}
              dominantBaseline="middle"
              fill="#1c1917"
            >
              {format(bar.value)}
            </text>
          </g>
        ))}
      </ChartFrame>
    </figure>
  );
}
