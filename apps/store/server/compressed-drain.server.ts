import type { RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * `compression()` moves a response's `drain` listeners to its compressing stream, but leaves their
 * removal on the response, where they are not (expressjs/compression#135, #152). So every
 * `res.once("drain")` — React Router's wait whenever a page's stream meets backpressure — stays on
 * the compressing stream for the rest of the response: a large page piled up listeners until Node
 * warned "11 drain listeners added to [BrotliCompress]".
 *
 * Installed right after `compression()`, this keeps one `drain` listener per response, added through
 * compression's own `on` (so it lands where the event fires), and lets `once`, `off` and
 * `removeListener` of `drain` work on a list of its own.
 */
export function compressedDrainListeners(): RequestHandler {
  return (_req, res, next) => {
    const waiting: Listener[] = [];
    let listening = false;
    const fire = (...args: unknown[]) => {
      for (const listener of waiting.splice(0)) listener(...args);
    };
    const once = res.once;
    const removeListener = res.removeListener;
    res.once = function (this: Response, event: string | symbol, listener: Listener) {
      if (event !== "drain") return once.call(this, event, listener);
      waiting.push(listener);
      if (!listening) {
        listening = true;
        this.on("drain", fire);
      }
      return this;
    } as Response["once"];
    res.removeListener = res.off = function (this: Response, event: string | symbol, listener: Listener) {
      const at = event === "drain" ? waiting.indexOf(listener) : -1;
      if (at === -1) return removeListener.call(this, event, listener);
      waiting.splice(at, 1);
      return this;
    } as Response["removeListener"];
    next();
  };
}
