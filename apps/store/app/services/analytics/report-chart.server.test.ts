import { describe, expect, it } from "vitest";
import { CHART_ROWS } from "../../lib/attribution-report.ts";
import { barChart, dailyChart } from "./report-chart.server.ts";

describe("the report's bar charts", () => {
  it("scales bars from zero to a round number past the largest, with round ticks", () => {
    const chart = barChart([7, 3, 1], { whole: true });
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 2, 4, 6, 8]);
    const [first, second, third] = chart.bars;
    // 7 of 8 of the plot's width, and the others in proportion.
    expect(first!.width / second!.width).toBeCloseTo(7 / 3, 1);
    expect(second!.width / third!.width).toBeCloseTo(3, 1);
    expect(chart.ticks[0]!.x).toBe(chart.plotLeft);
    expect(chart.bars.map((bar) => bar.value)).toEqual([7, 3, 1]);
    // One band per group, top to bottom, inside the plot.
    expect(first!.y).toBeLessThan(second!.y);
    expect(third!.y + third!.height).toBeLessThanOrEqual(chart.axisY);
    expect(chart.height).toBeGreaterThan(chart.axisY);
  });

  it("ticks counts in whole numbers only", () => {
    expect(barChart([2, 1], { whole: true }).ticks.map((tick) => tick.value)).toEqual([0, 1, 2]);
    expect(barChart([2, 1], { whole: false }).ticks.map((tick) => tick.value)).toEqual([0, 0.5, 1, 1.5, 2]);
  });

  it("draws the largest groups only, and an empty or all-zero report without dividing by zero", () => {
    const many = barChart(
      Array.from({ length: CHART_ROWS + 5 }, (_, index) => 100 - index),
      { whole: true },
    );
    expect(many.bars).toHaveLength(CHART_ROWS);
    const zero = barChart([0], { whole: false });
    expect(zero.bars[0]!.width).toBe(0);
    expect(Number.isFinite(zero.height)).toBe(true);
    expect(barChart([], { whole: true }).bars).toEqual([]);
  });
});

describe("the analytics report's daily chart", () => {
  const days = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, "0")}`);

  it("spreads the days across the plot, one point per day and series, higher values higher up", () => {
    const views = days.map((_, index) => index);
    const visitors = days.map(() => 3);
    const chart = dailyChart(days, [views, visitors]);
    expect(chart.series).toHaveLength(2);
    const [line, flat] = chart.series;
    expect(line!.dots).toHaveLength(30);
    expect(line!.dots[0]!.x).toBeGreaterThan(chart.plotLeft);
    expect(line!.dots.at(-1)!.x).toBeLessThan(chart.plotRight);
    expect(line!.dots[0]!.y).toBe(chart.axisY);
    expect(line!.dots.at(-1)!.y).toBeLessThan(line!.dots[0]!.y);
    expect(new Set(flat!.dots.map((dot) => dot.y)).size).toBe(1);
    expect(line!.points.split(" ")).toHaveLength(30);
    // Whole ticks from zero past the largest value; six days labelled, the first among them.
    expect(chart.valueTicks.map((tick) => tick.value)).toEqual([0, 10, 20, 30]);
    expect(chart.dayTicks.map((tick) => tick.day)).toEqual([
      "2026-11-01",
      "2026-11-06",
      "2026-11-11",
      "2026-11-16",
      "2026-11-21",
      "2026-11-26",
    ]);
  });

  it("draws a single day, and a period without views, without dividing by zero", () => {
    const one = dailyChart(["2026-11-01"], [[0], [0]]);
    expect(Number.isFinite(one.series[0]!.dots[0]!.x)).toBe(true);
    expect(one.series[0]!.dots[0]!.y).toBe(one.axisY);
    expect(one.valueTicks.map((tick) => tick.value)).toEqual([0, 1]);
  });
});
