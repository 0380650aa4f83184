import { EventEmitter } from "node:events";
import type { RequestHandler } from "express";
import { sendInputError } from "./input-guard.server.ts";

/**
 * The requests a process is answering, so that shutting down can wait for them: a checkout under
 * way commits (or rolls back) before the database closes. Once shutting down, a request that still
 * arrives on a kept-alive connection is refused whole with 503 and `Connection: close`, before any
 * route has seen it, so the client knows nothing happened and may try again.
 */
export class InFlight {
  #count = 0;
  #refusing = false;
  readonly #events = new EventEmitter();

  get count(): number {
    return this.#count;
  }

  refuseNew(): void {
    this.#refusing = true;
  }

  middleware(): RequestHandler {
    return (_req, res, next) => {
      if (this.#refusing) {
        res.setHeader("Connection", "close");
        res.setHeader("Retry-After", "5");
        return sendInputError(
          res,
          503,
          "shutting_down",
          "The store is restarting. Please try again in a moment.",
        );
      }
      this.#count++;
      // "close" follows every response, finished or cut off.
      res.once("close", this.#finished);
      next();
    };
  }

  /** Counts `work` as a request under way until it settles (work that follows an answer). */
  track(work: Promise<unknown>): void {
    this.#count++;
    work.then(this.#finished, this.#finished);
  }

  readonly #finished = (): void => {
    this.#count--;
    if (this.#count === 0) this.#events.emit("idle");
  };

  /** True once no request is under way; false when `timeoutMs` passes first. */
  settled(timeoutMs: number): Promise<boolean> {
    if (this.#count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#events.off("idle", onIdle);
        resolve(false);
      }, timeoutMs);
      const onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#events.once("idle", onIdle);
    });
  }
}
