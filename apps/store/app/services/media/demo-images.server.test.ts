import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { media } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { folderStore } from "@vitrine/files";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoopbackServer, listenOnLoopback } from "../shared/loopback-server.test-helper.ts";
import { mediaPlaceholders, mediaState } from "./demo-images.server.ts";

const drawing =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30"/></svg>';

describe("media placeholders while the demo's pictures are drawn", () => {
  let mediaDir: string;
  let server: LoopbackServer;
  const get = (file: string, method = "GET") => fetch(`${server.origin}/media/${file}`, { method });

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-placeholders-"));
    await mkdir(path.join(mediaDir, "ab"));
    await writeFile(path.join(mediaDir, "ab/abcdef0123456789.svg"), drawing);
    // Mounted as the server mounts them: the drawn files first, the drawing for the rest.
    const app = express();
    app.use("/media", express.static(mediaDir, { immutable: true, maxAge: "1y", index: false }));
    app.use("/media", mediaPlaceholders(folderStore(mediaDir)));
    server = await listenOnLoopback(app);
  });
  afterAll(async () => {
    server?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it("answers a size not drawn yet with its drawing, never cached and marked as a placeholder", async () => {
    for (const size of ["ab/abcdef0123456789-300.avif", "ab/abcdef0123456789-1000.jpg"]) {
      const answer = await get(size);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-media-placeholder")).toBe("drawing");
      expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(await answer.text()).toBe(drawing);
    }
    const head = await get("ab/abcdef0123456789-600.webp", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(drawing)));
  });

  it("serves the drawn file, cacheable for ever, once it exists", async () => {
    await writeFile(path.join(mediaDir, "ab/abcdef0123456789-600.webp"), "webp bytes");
    const answer = await get("ab/abcdef0123456789-600.webp");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-media-placeholder")).toBeNull();
    expect(answer.headers.get("cache-control")).toContain("immutable");
    expect(await answer.text()).toBe("webp bytes");
  });

  it("answers 404 for names that are not sizes of a kept drawing", async () => {
    for (const file of [
      "ab/0000000000000000-600.webp",
      "ab/abcdef0123456789-600.gif",
      "ab/abcdef0123456789.svg.webp",
      "ab/abcdef0123456789-300.avif/x",
    ]) {
      expect((await get(file)).status, file).toBe(404);
    }
  });
});

describe.each(await availableDialects())("media state on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("is pending while an image is still being drawn, and ready after", async () => {
    expect(await mediaState(database.db)).toBe("ready");
    const [row] = await database.db
      .insert(media)
      .values({ filename: "a.jpg", mimeType: "image/jpeg", state: "processing" })
      .returning({ id: media.id });
    expect(await mediaState(database.db)).toBe("pending");
    await database.db.update(media).set({ state: "ready" }).where(eq(media.id, row!.id));
    expect(await mediaState(database.db)).toBe("ready");
  });
});
