import type { Logger } from "pino";

/**
 * The shape of every sweep a server process runs besides its requests (the mail outbox's, the unpaid
 * orders'): once now, then every `intervalMs`, never two at once in one process; each run is tracked
 * (`track`: the shutdown waits for one under way) and its failure logged, the next run trying again.
 * Each process sweeps; what a sweep does must be safe when two processes do it at once.
 */
export function sweepEvery<C extends { logger: Logger }>(options: {
  context: () => C;
  work: (context: C) => Promise<unknown>;
  track: (work: Promise<void>) => void;
  intervalMs: number;
  /** The log's words when a run fails. */
  failure: string;
}): { stop(): void } {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    const context = options.context();
    options.track(
      options
        .work(context)
        .then(() => undefined)
        .catch((error) => context.logger.warn({ err: error }, options.failure))
        .finally(() => {
          running = false;
        }),
    );
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
