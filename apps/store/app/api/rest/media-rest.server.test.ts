import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { media, mediaSizes, productImages } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { RestClientError, UPLOAD_ATTACHMENT_HEADER } from "../../lib/rest-client.ts";
import { insertSimpleProduct } from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { encodeSize, type SizeEncoder } from "../../services/media/media-library.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

/** A real picture of `width`×`height`, as a camera or an editor would send it. */
const picture = (width: number, height: number, format: "png" | "jpeg" = "png") =>
  sharp({ create: { width, height, channels: 3, background: { r: 15, g: 92, b: 77 } } })
    [format]()
    .toBuffer();

describe.each(await availableDialects())("the media library over REST on %s", (dialect) => {
  /** Sizes made, and how many of the next ones fail: the seam for a failure half-way. */
  const encoder = { made: 0, failFrom: Number.POSITIVE_INFINITY, failures: 0 };
  const mediaEncode: SizeEncoder = async (source, size) => {
    if (encoder.made >= encoder.failFrom && encoder.failures > 0) {
      encoder.failures--;
      throw new Error("out of memory while encoding");
    }
    encoder.made++;
    return encodeSize(source, size);
  };

  const server = restTestServer(dialect, { mediaEncode });
  const database = server;
  const config = server.config;
  const originals = path.join(config.dataDir, "originals");

  beforeEach(() => {
    Object.assign(encoder, { made: 0, failFrom: Number.POSITIVE_INFINITY, failures: 0 });
  });

  const session = async (role: "customer" | "editor" | "administrator") =>
    (await server.session(role)).headers;
  const pageClient = server.pageClient;

  const form = (bytes: Buffer, filename: string, alt: Record<string, string> = {}) => {
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(bytes)]), filename);
    for (const [name, value] of Object.entries(alt)) body.append(name, value);
    return body;
  };
  const post = async (headers: Record<string, string>, body: FormData | string, type?: string) =>
    fetch(`${server.origin}/api/vitrine/v2/media`, {
      method: "POST",
      headers: type ? { ...headers, "Content-Type": type } : headers,
      body,
    });

  it("keeps an upload, makes its AVIF, WebP and JPEG sizes up to its own width, and its alt text", async () => {
    const editor = await session("editor");
    const answer = await post(
      editor,
      form(await picture(1200, 800), "Workshop bench.png", {
        alt_text_en: "The bench",
        alt_text_es: "El banco",
      }),
    );
    expect(answer.status).toBe(201);
    const item = (await answer.json()) as {
      id: number;
      state: string;
      mime_type: string;
      alt_text: Record<string, string>;
      source_url: string;
      sizes: Array<{ format: string; width: number; height: number; url: string }>;
    };
    expect(item).toMatchObject({
      state: "ready",
      mime_type: "image/png",
      alt_text: { en: "The bench", es: "El banco" },
    });
    expect(item.sizes.map((size) => `${size.format}:${size.width}x${size.height}`).sort()).toEqual(
      ["avif", "jpeg", "webp"]
        .flatMap((format) => [300, 600, 1000].map((w) => `${format}:${w}x${Math.round((w * 2) / 3)}`))
        .sort(),
    );
    expect(item.source_url).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{16}-m\d+-1000\.jpg$/);
    for (const size of item.sizes)
      expect(existsSync(path.join(config.mediaDir, size.url.slice(7)))).toBe(true);
    // The original is kept, but never where the media folder is served from.
    const [row] = await database.db.select().from(media).where(eq(media.id, item.id));
    expect(existsSync(path.join(originals, row!.originalPath!))).toBe(true);
    expect(readdirSync(config.mediaDir)).not.toContain("originals");
  });

  it("keeps the same file uploaded twice as two whole pictures; deleting one leaves the other's files", async () => {
    const client = await pageClient("editor");
    const bytes = await picture(400, 400);
    const send = () => {
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(bytes)]), "same.png");
      return client.request<{ id: number; sizes: Array<{ url: string }> }>({
        path: "/media",
        method: "POST",
        body,
      });
    };
    const one = await send();
    const two = await send();
    expect(one.sizes).toHaveLength(3);
    expect(two.sizes).toHaveLength(3);
    await client.request({ path: `/media/${one.id}`, method: "DELETE" });
    for (const size of two.sizes)
      expect(existsSync(path.join(config.mediaDir, size.url.slice(7)))).toBe(true);
  });

  it("sniffs the type from the bytes, not the name, and refuses what is not a picture", async () => {
    const admin = await session("administrator");
    const named = await post(admin, form(await picture(200, 100, "jpeg"), "notes.txt"));
    expect(named.status).toBe(201);
    expect(((await named.json()) as { mime_type: string; sizes: unknown[] }).mime_type).toBe("image/jpeg");
    for (const [bytes, status, code] of [
      [Buffer.from("<?php echo 'hi';"), 415, "rest_upload_invalid_type"],
      [Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), 400, "rest_upload_invalid_image"],
      [Buffer.alloc(0), 400, "rest_upload_no_data"],
    ] as const) {
      const refused = await post(admin, form(bytes, "photo.jpg"));
      expect(refused.status).toBe(status);
      expect(await refused.json()).toMatchObject({ code });
    }
    const tooBig = Buffer.concat([await picture(10, 10, "jpeg"), Buffer.alloc(15 * 1024 * 1024)]);
    expect((await post(admin, form(tooBig, "huge.jpg"))).status).toBe(413);
    expect((await post(admin, "file=x", "application/x-www-form-urlencoded")).status).toBe(400);
    expect(await database.db.select().from(media)).toHaveLength(1);
  });

  it("is for editors and administrators only, and needs the REST nonce", async () => {
    const customer = await session("customer");
    expect((await post(customer, form(await picture(50, 50), "a.png"))).status).toBe(403);
    expect((await post({}, form(await picture(50, 50), "a.png"))).status).toBe(401);
    const editor = await session("editor");
    const stale = await post({ Cookie: editor.Cookie }, form(await picture(50, 50), "a.png"));
    expect(await stale.json()).toMatchObject({ code: "rest_cookie_invalid_nonce" });
    expect(await database.db.select().from(media)).toHaveLength(0);
  });

  it("a failure half-way leaves the picture processing and named; post-process makes only what is missing", async () => {
    const editor = await session("editor");
    encoder.failFrom = 4;
    encoder.failures = 1;
    const failed = await post(editor, form(await picture(700, 700), "half.png"));
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: "rest_upload_sizes_failed" });
    const id = Number(failed.headers.get(UPLOAD_ATTACHMENT_HEADER));
    const [row] = await database.db.select().from(media).where(eq(media.id, id));
    expect(row!.state).toBe("processing");
    expect(await database.db.select().from(mediaSizes).where(eq(mediaSizes.mediaId, id))).toHaveLength(4);

    const finish = () =>
      fetch(`${server.origin}/api/vitrine/v2/media/${id}/post-process`, {
        method: "POST",
        headers: { ...editor, "Content-Type": "application/json" },
        body: JSON.stringify({ action: "create-image-subsizes" }),
      });
    encoder.failures = 1;
    const again = await finish();
    expect(again.status).toBe(500);
    expect(again.headers.get(UPLOAD_ATTACHMENT_HEADER)).toBe(String(id));
    const done = await finish();
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id, state: "ready" });
    // 300 and 600 px in three formats, each made once.
    expect(await database.db.select().from(mediaSizes).where(eq(mediaSizes.mediaId, id))).toHaveLength(6);
    expect(encoder.made).toBe(6);
    expect(
      (
        await fetch(`${server.origin}/api/vitrine/v2/media/${id}/post-process`, {
          method: "POST",
          headers: { ...editor, "Content-Type": "application/json" },
          body: JSON.stringify({ action: "rotate" }),
        })
      ).status,
    ).toBe(400);
  });

  it("the browser's REST client carries an upload through a failure half-way, and gives one up after 5 tries", async () => {
    const client = await pageClient("editor");
    encoder.failFrom = 2;
    encoder.failures = 3;
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(await picture(400, 300))]), "retried.png");
    const item = await client.request<{ id: number; state: string; sizes: unknown[] }>({
      path: "/media",
      method: "POST",
      body,
    });
    expect(item.state).toBe("ready");
    expect(item.sizes).toHaveLength(3);

    encoder.failFrom = encoder.made;
    encoder.failures = 100;
    const doomed = new FormData();
    doomed.append("file", new Blob([new Uint8Array(await picture(320, 320))]), "doomed.png");
    const error = await client
      .request({ path: "/media", method: "POST", body: doomed })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestClientError);
    expect((error as RestClientError).code).toBe("post_process");
    // Deleted after the fifth failed post-process: only the first picture is left.
    expect((await database.db.select({ id: media.id }).from(media)).map((row) => row.id)).toEqual([item.id]);
  });

  it("lists pictures newest first, changes alt text, and deletes one that products use only when forced", async () => {
    const client = await pageClient("administrator");
    const upload = async (name: string) => {
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(await picture(320, 200))]), name);
      return client.request<{ id: number; sizes: Array<{ url: string }> }>({
        path: "/media",
        method: "POST",
        body,
      });
    };
    const first = await upload("first.png");
    const second = await upload("second.png");
    expect(
      (await client.request<Array<{ id: number }>>({ path: "/media?per_page=-1" })).map((item) => item.id),
    ).toEqual([second.id, first.id]);
    expect(
      await client.request({
        path: `/media/${first.id}`,
        method: "PUT",
        data: { alt_text: { en: "Jug", es: "Jarra" } },
      }),
    ).toMatchObject({ alt_text: { en: "Jug", es: "Jarra" } });

    const product = await insertSimpleProduct(database.db, { slug: "jug", price: 1000 });
    await database.db.insert(productImages).values({ productId: product.id, mediaId: first.id });
    const refused = await client
      .request({ path: `/media/${first.id}`, method: "DELETE" })
      .catch((e: unknown) => e);
    expect((refused as RestClientError).code).toBe("rest_media_in_use");
    expect((refused as RestClientError).status).toBe(409);
    expect(await client.request({ path: `/media/${second.id}`, method: "DELETE" })).toMatchObject({
      deleted: true,
    });
    expect(await client.request({ path: `/media/${first.id}?force=true`, method: "DELETE" })).toMatchObject({
      deleted: true,
    });
    for (const size of first.sizes)
      expect(existsSync(path.join(config.mediaDir, size.url.slice(7)))).toBe(false);
    expect(await database.db.select().from(media)).toHaveLength(0);
    expect(await database.db.select().from(productImages)).toHaveLength(0);
  });
  it("lists pictures whose file name or alt text has the search, a page at a time with the totals", async () => {
    const editor = await session("editor");
    const bytes = await picture(64, 64);
    for (const [name, alt] of [
      ["linen-apron.png", { alt_text_en: "An apron" }],
      ["kettle.png", { alt_text_en: "Copper kettle", alt_text_es: "Hervidor de cobre" }],
      ["teapot.png", { alt_text_es: "Tetera" }],
    ] as const)
      expect((await post(editor, form(bytes, name, alt))).status).toBe(201);
    const list = async (query: string) => {
      const answer = await fetch(`${server.origin}/api/vitrine/v2/media?${query}`, { headers: editor });
      const items = (await answer.json()) as Array<{ filename: string }>;
      return {
        names: items.map((item) => item.filename),
        total: answer.headers.get("X-Vitrine-Total"),
        pages: answer.headers.get("X-Vitrine-TotalPages"),
      };
    };
    expect(await list("search=APRON")).toMatchObject({ names: ["linen-apron.png"], total: "1" });
    expect(await list("search=cobre")).toMatchObject({ names: ["kettle.png"], total: "1" });
    expect(await list("search=100%25")).toMatchObject({ names: [], total: "0", pages: "1" });
    expect(await list("per_page=2")).toEqual({ names: ["teapot.png", "kettle.png"], total: "3", pages: "2" });
    expect(await list("per_page=2&page=2")).toEqual({ names: ["linen-apron.png"], total: "3", pages: "2" });
    expect(await list("search=e&per_page=1&page=2")).toMatchObject({ names: ["kettle.png"], total: "3" });
    const tooLong = await fetch(`${server.origin}/api/vitrine/v2/media?search=${"x".repeat(201)}`, {
      headers: editor,
    });
    expect(tooLong.status).toBe(400);
  });
});
