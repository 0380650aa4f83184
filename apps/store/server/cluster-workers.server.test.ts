import type { Worker } from "node:cluster";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { superviseWorkers } from "./cluster-workers.server.ts";

/**
 * A stand-in for `node:cluster` that keeps its `workers` list as Node does: a worker leaves it only
 * once it has exited and disconnected, in either order. Here every worker exits first, the order
 * Node's documentation allows and a busy machine produces.
 */
function standInCluster() {
  const events = new EventEmitter();
  const workers: Record<number, Worker> = {};
  const signals: Array<[number, string]> = [];
  let nextId = 0;
  return {
    workers,
    signals,
    on: (event: string, listener: (...args: never[]) => void) => {
      events.on(event, listener);
      return undefined as never;
    },
    fork() {
      const id = ++nextId;
      const worker = {
        id,
        process: { pid: 1000 + id, kill: (signal: string) => void signals.push([id, signal]) },
      } as unknown as Worker;
      workers[id] = worker;
      return worker;
    },
    /** The worker exits; it is still listed until `disconnect`. */
    exit(id: number, code: number | null, signal: string | null) {
      events.emit("exit", workers[id], code, signal);
    },
    disconnect(id: number) {
      delete workers[id];
      events.emit("disconnect", { id });
    },
  };
}

describe("a cluster primary's workers", () => {
  it("are stopped with SIGTERM, and the primary hears once that the last has exited while it is still listed", () => {
    const cluster = standInCluster();
    let stopped = 0;
    const workers = superviseWorkers(cluster, { count: 2, onDied: () => {}, onStopped: () => stopped++ });
    expect(Object.keys(cluster.workers)).toEqual(["1", "2"]);

    workers.stop();
    workers.stop();
    expect(cluster.signals).toEqual([
      [1, "SIGTERM"],
      [2, "SIGTERM"],
    ]);
    cluster.exit(1, 0, null);
    expect(stopped).toBe(0);
    cluster.exit(2, 0, null);
    // Both have exited, neither has disconnected yet: Node still lists them.
    expect(Object.keys(cluster.workers)).toEqual(["1", "2"]);
    expect(stopped).toBe(1);
    cluster.disconnect(1);
    cluster.disconnect(2);
    expect(stopped).toBe(1);
  });

  it("replace one that dies while the store runs, and stop the replacement too", () => {
    const cluster = standInCluster();
    const died: Array<[number, number | null, string | null]> = [];
    let stopped = 0;
    const workers = superviseWorkers(cluster, {
      count: 2,
      onDied: (worker, code, signal) => died.push([worker.id, code, signal]),
      onStopped: () => stopped++,
    });
    cluster.exit(1, null, "SIGKILL");
    cluster.disconnect(1);
    expect(died).toEqual([[1, null, "SIGKILL"]]);
    expect(Object.keys(cluster.workers)).toEqual(["2", "3"]);

    workers.stop();
    expect(cluster.signals.map(([id]) => id)).toEqual([2, 3]);
    cluster.exit(3, 0, null);
    cluster.exit(2, 0, null);
    expect(stopped).toBe(1);
    expect(died).toHaveLength(1);
  });
});
