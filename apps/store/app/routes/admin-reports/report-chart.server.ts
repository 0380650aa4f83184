import { scaleBand, scaleLinear } from "d3-scale";
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

const round = (value: number) => Math.round(value * 10) / 10;
