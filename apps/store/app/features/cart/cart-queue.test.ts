import { describe, expect, it } from "vitest";
import { createTaskQueue } from "./cart-queue.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe("createTaskQueue", () => {
  it("runs one task at a time, in the order they were queued", async () => {
    const queue = createTaskQueue();
    const log: string[] = [];
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const results = gates.map((gate, index) =>
      queue.enqueue(async () => {
        log.push(`start ${index}`);
        await gate.promise;
        log.push(`end ${index}`);
        return index;
      }),
    );
    await Promise.resolve();
    expect(log).toEqual(["start 0"]);
    expect(queue.size).toBe(3);
    // Settling out of order does not let a later task overtake an earlier one.
    gates[2]!.resolve();
    gates[1]!.resolve();
    gates[0]!.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(log).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]);
    expect(queue.size).toBe(0);
  });

  it.each([
    {
      name: "a rejected task",
      fail: (gate: ReturnType<typeof deferred<void>>) => gate.reject(new Error("x")),
    },
    { name: "a resolved task", fail: (gate: ReturnType<typeof deferred<void>>) => gate.resolve() },
  ])("keeps going after $name", async ({ fail }) => {
    const queue = createTaskQueue();
    const gate = deferred<void>();
    const first = queue.enqueue(() => gate.promise);
    const second = queue.enqueue(async () => "second");
    fail(gate);
    await first.catch(() => undefined);
    expect(await second).toBe("second");
  });

  it("does not start a task queued behind a running one until that one settles", async () => {
    const queue = createTaskQueue();
    const gate = deferred<void>();
    let secondStarted = false;
    void queue.enqueue(() => gate.promise);
    const second = queue.enqueue(async () => {
      secondStarted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(secondStarted).toBe(false);
    gate.resolve();
    await second;
    expect(secondStarted).toBe(true);
  });
});
