import type { Cluster, Worker } from "node:cluster";

/**
 * A cluster primary's workers: `count` forked; one that dies while the store runs reported to
 * `onDied` and forked again; on `stop` each asked to stop with SIGTERM, and `onStopped` called once
 * the last has exited. The exits are counted here: Node takes a worker out of `cluster.workers`
 * only once it has both exited and disconnected, in either order, so when the last worker's 'exit'
 * comes it may still be listed, and a primary that waited for an empty list never left.
 */
export function superviseWorkers(
  cluster: Pick<Cluster, "fork" | "on">,
  options: {
    count: number;
    onDied: (worker: Worker, code: number | null, signal: string | null) => void;
    onStopped: () => void;
  },
): { stop(): void } {
  const running = new Map<number, Worker>();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    running.set(worker.id, worker);
  };
  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker.id);
    if (stopping) {
      if (running.size === 0) options.onStopped();
      return;
    }
    options.onDied(worker, code, signal);
    fork();
  });
  for (let i = 0; i < options.count; i++) fork();
  return {
    stop() {
      if (stopping) return;
      stopping = true;
      if (running.size === 0) return options.onStopped();
      for (const worker of running.values()) worker.process.kill("SIGTERM");
    },
  };
}
