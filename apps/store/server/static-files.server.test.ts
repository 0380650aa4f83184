import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { listenOnLoopback } from "../app/services/shared/loopback-server.test-helper.ts";
import { builtFiles } from "./static-files.server.ts";

const cleanUps: Array<() => void> = [];
afterEach(() => {
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
});

describe("builtFiles", () => {
  it("serves the files the folder held at start, and passes every other address on", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vitrine-built-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    writeFileSync(path.join(dir, "assets", "entry 1.js"), "export {};");
    const app = express();
    app.use(builtFiles(dir, { index: false }));
    app.use((req, res) => {
      res.status(404).send(`page ${req.path}`);
    });
    const server = await listenOnLoopback(app);
    cleanUps.push(server.close, () => rmSync(dir, { recursive: true }));
    const get = async (address: string) => {
      const response = await fetch(server.origin + address);
      return [response.status, await response.text()];
    };

    expect(await get("/favicon.svg")).toEqual([200, "<svg/>"]);
    expect(await get("/assets/entry%201.js")).toEqual([200, "export {};"]);
    expect(await get("/shop")).toEqual([404, "page /shop"]);
    // What it knows is the folder at start: it does not look again (a build never changes under it).
    writeFileSync(path.join(dir, "later.txt"), "later");
    expect(await get("/later.txt")).toEqual([404, "page /later.txt"]);
  });
});
