import { randomBytes } from "node:crypto";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../app/services/shared/loopback-server.test-helper.ts";
import { compressedDrainListeners } from "./compressed-drain.server.ts";

const servers: LoopbackServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("compressedDrainListeners", () => {
  it("lets a compressed response wait for drain many times without piling up listeners", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const chunk = randomBytes(64 * 1024); // incompressible: the compressing stream fills at once
    let waits = 0;
    const app = express();
    app.use(compression({ threshold: 0 }));
    app.use(compressedDrainListeners());
    app.get("/", async (_req, res) => {
      res.type("application/octet-stream");
      for (let written = 0; written < 40; written++) {
        // As React Router waits (writeAsyncIterableToWritable): once("drain"), then off on the way out.
        if (!res.write(chunk)) {
          waits++;
          await new Promise<void>((resolve) => {
            const onDrain = () => {
              res.off("drain", onDrain);
              resolve();
            };
            res.once("drain", onDrain);
          });
        }
      }
      res.end();
    });
    const server = await listenOnLoopback(app);
    servers.push(server);
    try {
      const response = await fetch(server.origin, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect((await response.arrayBuffer()).byteLength).toBe(40 * chunk.length);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(waits).toBeGreaterThan(10);
    expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
  });
});
