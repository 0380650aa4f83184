import { get, type IncomingMessage } from "node:http";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../app/services/shared/loopback-server.test-helper.ts";
import { pageRequestHandler } from "./page-requests.server.ts";

/** The smallest build React Router serves: a root with one resource route that names the request. */
function resourceBuild(): ServerBuild {
  return {
    entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
    routes: {
      root: { id: "root", path: "", module: {} },
      echo: {
        id: "echo",
        parentId: "root",
        path: "echo/:name",
        module: {
          loader: ({ params, request }: { params: { name?: string }; request: Request }) =>
            Response.json({ name: params.name, url: request.url }),
        },
      },
      away: {
        id: "away",
        parentId: "root",
        path: "away",
        module: {
          loader: () =>
            new Response(null, {
              status: 302,
              headers: [
                ["Location", "https://partner.example/"],
                ["Cache-Control", "no-store"],
                ["Set-Cookie", "a=1"],
                ["Set-Cookie", "b=2"],
              ],
            }),
        },
      },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}

describe("pageRequestHandler", () => {
  let server: LoopbackServer | undefined;
  afterEach(() => server?.close());

  it("loads the build once, whatever the number of requests", async () => {
    // Given a function, React Router derives its route tables again on every request; the handler
    // asks for the build once and hands React Router the build itself.
    let loads = 0;
    const app = express();
    app.all(
      "/{*path}",
      pageRequestHandler({
        build: async () => {
          loads += 1;
          return resourceBuild();
        },
        mode: "production",
        publicUrl: "https://shop.example",
        getLoadContext: () => ({}) as never,
      }),
    );
    server = await listenOnLoopback(app);
    const { origin } = server;
    const ask = async (name: string) => {
      const response = await fetch(`${origin}/echo/${name}`, { headers: { Host: "evil.example" } });
      return { status: response.status, body: await response.json() };
    };

    // Three at once, before the build has loaded, then one after.
    const answers = await Promise.all(["one", "two", "three"].map(ask));
    answers.push(await ask("four"));

    expect(answers).toEqual(
      ["one", "two", "three", "four"].map((name) => ({
        status: 200,
        body: { name, url: `https://shop.example/echo/${name}` },
      })),
    );
    expect(loads).toBe(1);
  });

  it("lets a route's own Cache-Control replace the default set before it, and keeps every cookie", async () => {
    const app = express();
    // What the page cache's middleware does for a page of one shopper's.
    app.use((_req, res, next) => {
      res.setHeader("Cache-Control", "private, no-cache");
      next();
    });
    app.all(
      "/{*path}",
      pageRequestHandler({
        build: async () => resourceBuild(),
        mode: "production",
        publicUrl: "https://shop.example",
        getLoadContext: () => ({}) as never,
      }),
    );
    server = await listenOnLoopback(app);
    const answer = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${server!.origin}/away`, resolve).on("error", reject),
    );
    answer.resume();
    expect(answer.statusCode).toBe(302);
    const raw = answer.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(raw.filter((name) => name === "cache-control")).toHaveLength(1);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  });
});
