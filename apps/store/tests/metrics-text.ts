/**
 * The sum of a metric's samples in Prometheus' text format whose labels include `labels` (every
 * sample of it with none given); 0 when none matches.
 */
export function metricSum(metrics: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of metrics.split("\n")) {
    const found = line.match(/^([a-z_:]+)(?:\{(.*)\})? (\S+)$/);
    if (!found || found[1] !== name) continue;
    const given = Object.fromEntries(
      [...(found[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) sum += Number(found[3]);
  }
  return sum;
}

/** Whether the text holds a sample of the metric. */
export const hasMetric = (metrics: string, name: string): boolean =>
  metrics.split("\n").some((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));
