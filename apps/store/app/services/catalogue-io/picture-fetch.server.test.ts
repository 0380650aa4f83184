import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogueImportPictures, productImages } from "@vitrine/db";
import { createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { folderStore } from "@vitrine/files";
import { asc, eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { createMediaLibrary } from "../media/media-library.server.ts";
import { createPrivateFiles } from "../media/private-files.server.ts";
import { type LoopbackServer, listenOnLoopback } from "../shared/loopback-server.test-helper.ts";
import { isPublicAddress } from "./picture-address.server.ts";
import {
  AddressFetchError,
  type AddressFetchOptions,
  type FetchStores,
  fetchAddress,
  fetchPendingImports,
  retryFailedFetches,
} from "./picture-fetch.server.ts";

describe("the public-address rule", () => {
  it.each([
    ["127.0.0.1", false],
    ["127.8.9.10", false],
    ["::1", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["172.31.255.254", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["::127.0.0.1", false],
    ["64:ff9b::a9fe:a9fe", false],
    ["2002:c0a8:0101::1", false],
    ["2001:db8::1", false],
    ["not an address", false],
    ["93.184.215.14", true],
    ["8.8.8.8", true],
    ["172.32.0.1", true],
    ["::ffff:8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4007:80e::200e", true],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("fetching imported pictures", () => {
  let database: TestDatabase;
  let folder: string;
  let host: LoopbackServer;
  let stores: FetchStores;
  let png: Buffer;
  const hits = new Map<string, number>();
  /** Only the fake host's loopback address: the rule production uses would refuse it. */
  const onlyLoopback = (address: string) => address === "127.0.0.1";
  const fast: AddressFetchOptions = { isAllowedAddress: onlyLoopback, backoffMs: 1, timeoutMs: 2_000 };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    folder = await mkdtemp(path.join(tmpdir(), "picture-fetch-"));
    stores = {
      library: createMediaLibrary({
        db: database.db,
        files: {
          public: folderStore(path.join(folder, "media")),
          private: folderStore(path.join(folder, "originals")),
        },
      }),
      files: createPrivateFiles({ db: database.db, files: folderStore(path.join(folder, "originals")) }),
    };
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c04020" } })
      .png()
      .toBuffer();
    const app = express();
    app.use((req, _res, next) => {
      hits.set(req.path, (hits.get(req.path) ?? 0) + 1);
      next();
    });
    app.get("/mug.png", (_req, res) => {
      res.type("png").send(png);
    });
    app.get("/big.png", (_req, res) => {
      res.type("png").send(Buffer.alloc(4096, 1));
    });
    app.get("/endless.png", (_req, res) => {
      // Sends its headers and then nothing: only the time limit ends it.
      res.writeHead(200, { "Content-Type": "image/png" });
      res.write(png.subarray(0, 8));
    });
    app.get("/flaky.png", (_req, res) => {
      res.status(503).send("busy");
    });
    app.get("/to-metadata.png", (_req, res) => {
      res.redirect(302, "http://169.254.169.254/latest/meta-data/");
    });
    app.get("/to-mug.png", (_req, res) => {
      res.redirect(301, "/mug.png");
    });
    host = await listenOnLoopback(app);
  });
  afterAll(async () => {
    host.close();
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.reset();
    hits.clear();
  });

  async function pendingPicture(url: string, position = 0) {
    const product = await insertSimpleProduct(database.db, { slug: `p-${Math.random()}`, price: 1000 });
    const [row] = await database.db
      .insert(catalogueImportPictures)
      .values({ productId: product.id, variationId: 0, position, url })
      .returning();
    return { productId: product.id, pictureId: row!.id };
  }

  const pictureRow = async (id: number) =>
    (await database.db.select().from(catalogueImportPictures).where(eq(catalogueImportPictures.id, id)))[0]!;

  it("fetches a picture from the host, through the media library, into the product's gallery at its place", async () => {
    const { productId, pictureId } = await pendingPicture(`${host.origin}/mug.png`, 1);
    expect(await fetchPendingImports(database.db, stores, fast)).toEqual({
      fetched: 1,
      failed: 0,
      productIds: [productId],
    });
    const row = await pictureRow(pictureId);
    expect(row).toMatchObject({ state: "fetched", attempts: 1, error: null });
    const gallery = await database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position));
    expect(gallery).toEqual([{ productId, mediaId: row.mediaId, position: 1 }]);
    const item = await stores.library.get(row.mediaId!);
    expect(item).toMatchObject({ state: "ready", filename: "mug.png", width: 40, height: 30 });
    expect(item!.sizes.length).toBeGreaterThan(0);
  });

  it("follows a redirect on the same host, checking it again", async () => {
    const fetched = await fetchAddress(`${host.origin}/to-mug.png`, fast);
    expect(fetched.filename).toBe("mug.png");
    expect(fetched.bytes.equals(png)).toBe(true);
  });

  it("fails at once, keeping the error, on a 404, a body over the limit and a redirect to a forbidden address", async () => {
    const missing = await pendingPicture(`${host.origin}/missing.png`);
    const big = await pendingPicture(`${host.origin}/big.png`);
    const redirected = await pendingPicture(`${host.origin}/to-metadata.png`);
    const outcome = await fetchPendingImports(database.db, stores, { ...fast, maxBytes: 1024 });
    expect(outcome).toMatchObject({ fetched: 0, failed: 3, productIds: [] });
    expect(await pictureRow(missing.pictureId)).toMatchObject({
      state: "failed",
      attempts: 1,
      error: "The server answered 404.",
      mediaId: null,
    });
    expect((await pictureRow(big.pictureId)).error).toMatch(/larger than/);
    expect(await pictureRow(redirected.pictureId)).toMatchObject({
      state: "failed",
      attempts: 1,
      error: "169.254.169.254 is not a public address.",
    });
    // The forbidden hop was never requested, and nothing reached the gallery.
    expect(await database.db.select().from(productImages)).toEqual([]);
  });

  it("refuses the loopback host under the production rule, before connecting", async () => {
    await expect(fetchAddress(`${host.origin}/mug.png`)).rejects.toThrow(
      new AddressFetchError("127.0.0.1 is not a public address.", false),
    );
    await expect(fetchAddress("http://localhost:1/x.png")).rejects.toThrow(/is not a public address/);
    await expect(fetchAddress("file:///etc/passwd", fast)).rejects.toThrow(/Only http and https/);
    expect(hits.get("/mug.png")).toBeUndefined();
  });

  it("gives up on a host that sends nothing within the time limit, and tries again before failing", async () => {
    const slow = await pendingPicture(`${host.origin}/endless.png`);
    await fetchPendingImports(database.db, stores, { ...fast, timeoutMs: 50, maxAttempts: 2 });
    expect(await pictureRow(slow.pictureId)).toMatchObject({
      state: "failed",
      attempts: 2,
      error: "No answer within 0.05 seconds.",
    });
    expect(hits.get("/endless.png")).toBe(2);
  });

  it("retries a failing host with backoff, then fails it; fetching again puts it back to pending and it is tried afresh", async () => {
    const flaky = await pendingPicture(`${host.origin}/flaky.png`);
    await fetchPendingImports(database.db, stores, { ...fast, maxAttempts: 3 });
    expect(hits.get("/flaky.png")).toBe(3);
    expect(await pictureRow(flaky.pictureId)).toMatchObject({
      state: "failed",
      attempts: 3,
      error: "The server answered 503.",
    });
    // A sweep leaves a failed picture alone.
    expect(await fetchPendingImports(database.db, stores, fast)).toMatchObject({ fetched: 0, failed: 0 });

    expect(await retryFailedFetches(database.db)).toBe(1);
    expect(await pictureRow(flaky.pictureId)).toMatchObject({ state: "pending", attempts: 0, error: null });
    await database.db
      .update(catalogueImportPictures)
      .set({ url: `${host.origin}/mug.png` })
      .where(eq(catalogueImportPictures.id, flaky.pictureId));
    expect(await fetchPendingImports(database.db, stores, fast)).toMatchObject({ fetched: 1, failed: 0 });
    expect(await pictureRow(flaky.pictureId)).toMatchObject({ state: "fetched", attempts: 1 });
  });
});
