import { type ChildProcess, fork } from "node:child_process";
import type { DrawingReply, DrawingRequest } from "./drawing-process-protocol.ts";
import type { DrawingEncoder } from "./images.ts";

/**
 * The store's side of the drawing process (`drawing-process.ts`, decision 0089): a `DrawingEncoder`
 * whose work runs in a child process, forked on the first drawing and ended by `close`. The process
 * dying fails the drawings waiting on it and every later one; the pictures not drawn stay
 * `processing` and the next start draws them.
 */
export type DrawingProcess = {
  encode: DrawingEncoder;
  /** The child's process id while it runs (tests look for it). */
  readonly pid: number | undefined;
  /** Ends the process and waits for it to exit; drawings still waiting fail. */
  close(): Promise<void>;
};

type Pending = { resolve: (files: Buffer[]) => void; reject: (error: Error) => void };

export function drawingProcess(file: URL): DrawingProcess {
  let child: ChildProcess | undefined;
  let ready: Promise<void> | undefined;
  let exited: Promise<void> = Promise.resolve();
  let failed: Error | undefined;
  let closed = false;
  const pending = new Map<number, Pending>();
  let nextId = 0;

  const fail = (error: Error) => {
    failed ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  function start(): Promise<void> {
    // A module not yet built (tests run the TypeScript) is loaded through tsx, as the tests are.
    const forked = fork(file, [], {
      serialization: "advanced",
      execArgv: file.pathname.endsWith(".ts") ? ["--import", "tsx"] : [],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child = forked;
    exited = new Promise((resolve) => forked.once("exit", () => resolve()));
    forked.once("exit", (code, signal) => {
      child = undefined;
      fail(new Error(`The drawing process stopped (${signal ?? `exit code ${code}`})`));
    });
    forked.on("error", fail);
    forked.on("message", (reply: DrawingReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ("error" in reply) waiting.reject(new Error(reply.error));
      else
        waiting.resolve(
          reply.files.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
        );
    });
    return new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  }

  return {
    get pid() {
      return child?.pid;
    },
    async encode(svg, image) {
      if (closed) throw new Error("The drawing process is closed");
      if (failed) throw failed;
      ready ??= start();
      await ready;
      if (failed) throw failed;
      const id = ++nextId;
      return new Promise<Buffer[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child!.send({ id, svg, image } satisfies DrawingRequest);
      });
    },
    async close() {
      closed = true;
      if (child?.connected) child.disconnect();
      await exited;
    },
  };
}
