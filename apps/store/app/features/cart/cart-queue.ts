/**
 * A first-in, first-out promise queue: each task starts only when the one before it has settled.
 * Cart requests go through one queue so the server sees them in the order the shopper made them,
 * and an older answer can never overwrite a newer one.
 */
export type TaskQueue = {
  enqueue<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks waiting or running. */
  readonly size: number;
};

export function createTaskQueue(): TaskQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    enqueue<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      const run = tail.then(task);
      // A failed task must not stop the ones queued after it.
      tail = run.then(
        () => undefined,
        () => undefined,
      );
      return run.finally(() => {
        size -= 1;
      });
    },
    get size() {
      return size;
    },
  };
}
