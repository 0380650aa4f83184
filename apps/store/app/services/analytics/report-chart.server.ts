import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import type { DailyChart } from "../../lib/analytics-report.ts";
import { type BarChart, CHART_ROWS } from "../../lib/attribution-report.ts";

const WIDTH = 640;
const PLOT_LEFT = 200;
/** Room after the longest bar for its value. */
const RIGHT_ROOM = 80;
const ROW_HEIGHT = 30;
const TOP = 4;
const AXIS_ROOM = 24;

/**
 * A horizontal bar chart of `values` (one per group, in the report's order; the first
 * {@link CHART_ROWS}): a linear scale from zero to a round number past the largest value, with
 * about four round ticks (whole ones when `whole`, for counts), and a band per group.
 */
export function barChart(values: readonly number[], options: { whole: boolean }): BarChart {
  const shown = values.slice(0, CHART_ROWS);
  const largest = Math.max(0, ...shown);
  const x = scaleLinear()
    .domain([0, largest > 0 ? largest : 1])
    .nice(4)
    .range([0, WIDTH - PLOT_LEFT - RIGHT_ROOM]);
  const plotHeight = Math.max(1, shown.length) * ROW_HEIGHT;
  const y = scaleBand<number>()
    .domain(shown.map((_, index) => index))
    .range([TOP, TOP + plotHeight])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const ticks = x.ticks(4).filter((value) => !options.whole || Number.isInteger(value));
  return {
    width: WIDTH,
    height: TOP + plotHeight + AXIS_ROOM,
    plotLeft: PLOT_LEFT,
    axisY: TOP + plotHeight,
    bars: shown.map((value, index) => ({
      y: round(y(index) ?? 0),
      height: round(y.bandwidth()),
      width: round(x(value)),
      value,
    })),
    ticks: ticks.map((value) => ({ x: round(PLOT_LEFT + x(value)), value })),
  };
}

const DAILY_LEFT = 56;
const DAILY_RIGHT = 16;
const DAILY_PLOT_HEIGHT = 200;
/** The most days labelled along the axis. */
const DAY_LABELS = 6;

/**
 * A line chart of whole numbers by day: one series per array of `series` (each a value for every
 * day of `days`, in order), a linear scale from zero to a round number past the largest value with
 * about four whole ticks, the days spread evenly, and at most {@link DAY_LABELS} of them labelled.
 */
export function dailyChart(days: readonly string[], series: ReadonlyArray<readonly number[]>): DailyChart {
  const largest = Math.max(0, ...series.flat());
  const axisY = TOP + DAILY_PLOT_HEIGHT;
  const y = scaleLinear()
    .domain([0, largest > 0 ? largest : 1])
    .nice(4)
    .range([axisY, TOP + 8]);
  const x = scalePoint<string>()
    .domain(days)
    .range([DAILY_LEFT + 8, WIDTH - DAILY_RIGHT - 8]);
  const at = (day: string) => round(x(day) ?? DAILY_LEFT);
  const step = Math.max(1, Math.ceil(days.length / DAY_LABELS));
  return {
    width: WIDTH,
    height: axisY + AXIS_ROOM,
    plotLeft: DAILY_LEFT,
    plotRight: WIDTH - DAILY_RIGHT,
    axisY,
    series: series.map((values) => {
      const dots = days.map((day, index) => ({
        x: at(day),
        y: round(y(values[index] ?? 0)),
        value: values[index] ?? 0,
      }));
      return { points: dots.map((dot) => `${dot.x},${dot.y}`).join(" "), dots };
    }),
    valueTicks: y
      .ticks(4)
      .filter((value) => Number.isInteger(value))
      .map((value) => ({ y: round(y(value)), value })),
    dayTicks: days.filter((_, index) => index % step === 0).map((day) => ({ x: at(day), day })),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
