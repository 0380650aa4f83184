import type { AddressInfo } from "node:net";
import type { Express } from "express";

export type LoopbackServer = { origin: string; port: number; close: () => void };

/** Serves `app` on a free port of 127.0.0.1, for tests that call it over real HTTP. */
export async function listenOnLoopback(app: Express): Promise<LoopbackServer> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, close: () => server.close() };
}
