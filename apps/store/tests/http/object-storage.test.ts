import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { availableDialects, createTestDatabase } from "@vitrine/db/testing";
import { startTestBucket } from "@vitrine/files/testing";
import sharp from "sharp";
import { E2E_MEDIA_DIR, REPO_DIR, STORE_ENV } from "../built-store.ts";
import { ADMIN, bearer, expect, test } from "./fixtures.ts";

/**
 * Files in an S3 bucket (issue 44, decision 0084): a store started with `MEDIA_STORE=s3://…` keeps
 * pictures' originals and sizes and downloadable files as objects of a bucket on loopback (s3rver
 * behind a proxy that checks signatures and refuses the SDK's newer checksums, as R2 and older MinIO
 * do), serves them from it, and writes nothing of them in its data folder.
 */

const execFileAsync = promisify(execFile);

const photo = (red: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: red, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

for (const dialect of await availableDialects())
  test(`on ${dialect}, pictures and files live in the bucket, are served from it byte for byte, and an upload whose bucket write fails is completed by post-process`, {
    timeout: 180_000,
  }, async ({ spareStore }) => {
    const bucket = await startTestBucket();
    const database = dialect === "postgres" ? await createTestDatabase("postgres") : null;
    try {
      const store = await spareStore({
        ...bucket.env,
        MEDIA_STORE: `s3://${bucket.bucket}/shop`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DATABASE_URL: database?.databaseUrl ?? "",
        WORKERS: "1",
      });
      const api = `${store.origin}/api/vitrine/v2`;
      const issued = await fetch(`${api}/auth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(ADMIN),
      });
      const owner = bearer(((await issued.json()) as { token: string }).token);
      const upload = async (bytes: Buffer, name: string, address = "/media") => {
        const body = new FormData();
        body.append("file", new Blob([new Uint8Array(bytes)]), name);
        return fetch(`${api}${address}`, { method: "POST", headers: owner, body });
      };
      type Item = { id: number; state: string; sizes: Array<{ url: string; format: string }> };

      // A picture: its original and every size are objects; the store serves each size from them.
      const first = await photo(40);
      const answered = await upload(first, "first.jpg");
      expect(answered.status, await answered.clone().text()).toBe(201);
      const item = (await answered.json()) as Item;
      expect(item.sizes.length).toBe(9);
      let objects = await bucket.objects();
      for (const size of item.sizes) {
        const served = await fetch(`${store.origin}${size.url}`);
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe(`image/${size.format}`);
        expect(served.headers.get("cache-control")).toContain("immutable");
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(objects.get(`shop/media/${size.url.slice("/media/".length)}`)?.equals(bytes)).toBe(true);
      }
      const originals = [...objects].filter(([key]) => key.startsWith("shop/originals/"));
      expect(originals.length).toBe(1);
      expect(originals[0]![1].equals(first)).toBe(true);
      expect(
        (await fetch(`${store.origin}/media/${originals[0]![0].slice("shop/originals/".length)}`)).status,
      ).toBe(404);

      // A downloadable product's file: private, in the bucket, streamed to staff only.
      const guide = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(50_000, 7)]);
      const kept = await upload(guide, "guide.pdf", "/downloads/files");
      expect(kept.status).toBe(201);
      const { file } = (await kept.json()) as { file: string };
      expect((await fetch(`${store.origin}${file}`)).status).toBe(401);
      const read = await fetch(`${store.origin}${file}`, { headers: owner });
      expect(Buffer.from(await read.arrayBuffer()).equals(guide)).toBe(true);
      objects = await bucket.objects();
      expect(
        [...objects].some(([key, bytes]) => key.startsWith("shop/originals/files/") && bytes.equals(guide)),
      ).toBe(true);

      // The bucket fails every attempt at one size: the upload answers 500 naming the picture, and
      // the bucket holds nothing of that size; post-process then completes the picture.
      bucket.failPuts((key) => key.startsWith("shop/media/") && key.endsWith("-1000.webp"), 3);
      const failed = await upload(await photo(200), "second.jpg");
      expect(failed.status).toBe(500);
      expect(((await failed.json()) as { code: string }).code).toBe("rest_upload_sizes_failed");
      const id = Number(failed.headers.get("x-vitrine-upload-attachment-id"));
      expect(id).toBeGreaterThan(0);
      expect([...(await bucket.objects()).keys()].some((key) => key.endsWith(`-m${id}-1000.webp`))).toBe(
        false,
      );
      const processed = await fetch(`${api}/media/${id}/post-process`, {
        method: "POST",
        headers: { ...owner, "Content-Type": "application/json" },
        body: JSON.stringify({ action: "create-image-subsizes" }),
      });
      expect(processed.status).toBe(200);
      const completed = (await processed.json()) as Item;
      expect(completed.state).toBe("ready");
      for (const size of completed.sizes)
        expect((await fetch(`${store.origin}${size.url}`)).status).toBe(200);

      // Deleted: its objects go with it, the original too.
      const removed = await fetch(`${api}/media/${item.id}?force=true`, { method: "DELETE", headers: owner });
      expect(removed.status).toBe(200);
      objects = await bucket.objects();
      expect([...objects.keys()].filter((key) => key.includes(`-m${item.id}-`))).toEqual([]);
      expect(objects.has(originals[0]![0])).toBe(false);

      // Nothing of it in the data folder; the bucket saw only signed requests without new checksums.
      expect(existsSync(path.join(store.dataDir, "media"))).toBe(false);
      expect(existsSync(path.join(store.dataDir, "originals"))).toBe(false);
      expect(bucket.refusals.filter((reason) => reason !== "cut")).toEqual([]);

      // Ready while the bucket answers; not once it is gone.
      expect((await fetch(`${store.origin}/readyz`)).status).toBe(200);
      await bucket.close();
      const unready = await fetch(`${store.origin}/readyz`);
      expect([unready.status, await unready.json()]).toEqual([
        503,
        { status: "unavailable", database: "ok", storage: "unreachable" },
      ]);
    } finally {
      await bucket.close().catch(() => {});
      await database?.close();
    }
  });

test("npm run media:copy moves the demo's files to a bucket, resumably; the store then serves them from it, and pages take them from MEDIA_URL", {
  timeout: 300_000,
}, async ({ spareStore }) => {
  // Readable without a signature at its public address, as a bucket a CDN reads from.
  const bucket = await startTestBucket({ publicRead: true });
  try {
    // The demo, its pictures drawn into the tests' shared folder of generated art.
    const first = await spareStore({ ...STORE_ENV, SEED_DEMO: "on" });
    await expect
      .poll(
        async () => ((await (await fetch(`${first.origin}/healthz`)).json()) as { media: string }).media,
        {
          timeout: 240_000,
        },
      )
      .toBe("ready");
    const home = await (await fetch(`${first.origin}/`)).text();
    // Files only: the loader data also names each picture's sizes by their common stem (`…-`).
    const pictures = [
      ...new Set([...home.matchAll(/(\/media\/[0-9a-f]{2}\/[\w-]+\.[a-z]+)/g)].map((found) => found[1]!)),
    ];
    expect(pictures.length).toBeGreaterThan(5);
    expect(await first.stop()).toBe(0);

    // Run as a process of its own, not synchronously: the bucket answers from this process.
    const copy = async () => {
      const args = [
        "--from",
        first.dataDir,
        "--media-dir",
        E2E_MEDIA_DIR,
        "--to",
        `s3://${bucket.bucket}/shop`,
      ];
      const run = execFileAsync("npm", ["run", "media:copy", "--", ...args], {
        cwd: REPO_DIR,
        env: { ...process.env, ...bucket.env },
      });
      return run.then(
        ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({
          status: error.code ?? 1,
          stdout: error.stdout ?? "",
          stderr: error.stderr ?? "",
        }),
      );
    };
    const copied = await copy();
    expect(copied.status, copied.stderr).toBe(0);
    expect(copied.stdout).toMatch(/Pictures: [1-9]\d* copied/);
    // Again: everything is there already, nothing is copied.
    const again = await copy();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Pictures: 0 copied \(0\.0 MB\), [1-9]\d* already there/);

    // The same store on the bucket, its media folder empty: the pictures come from the bucket, and
    // its pages address them at the bucket's public address.
    const mediaUrl = `${bucket.publicUrl}/shop/media`;
    const moved = await spareStore({
      ...STORE_ENV,
      ...bucket.env,
      DATA_DIR: first.dataDir,
      MEDIA_DIR: path.join(first.dataDir, "no-media-here"),
      MEDIA_STORE: `s3://${bucket.bucket}/shop`,
      MEDIA_URL: `${mediaUrl}/`,
    });
    const objects = await bucket.objects();
    for (const picture of pictures) {
      const served = await fetch(`${moved.origin}${picture}`);
      expect(served.status, picture).toBe(200);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(objects.get(`shop/media/${picture.slice("/media/".length)}`)?.equals(bytes), picture).toBe(true);
    }
    const page = await fetch(`${moved.origin}/`);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(new RegExp(`img-src [^;]*${new URL(mediaUrl).origin.replace(/[.:/]/g, "\\$&")}`));
    const homePage = await page.text();
    expect(homePage).not.toMatch(/"\/media\/[0-9a-f]{2}\//);
    const addressed = [
      ...new Set(
        [...homePage.matchAll(/(https?:\/\/[^"\s]+\/shop\/media\/[0-9a-f]{2}\/[\w-]+\.[a-z]+)/g)].map(
          (found) => found[1]!,
        ),
      ),
    ];
    expect(addressed.length).toBeGreaterThan(5);
    for (const address of addressed.slice(0, 10)) {
      const read = await fetch(address);
      expect(read.status, address).toBe(200);
      const key = `shop/media/${address.slice(mediaUrl.length + 1)}`;
      expect(objects.get(key)?.equals(Buffer.from(await read.arrayBuffer())), address).toBe(true);
    }
    // A product's structured data names its pictures there, absolute as they are.
    const shop = await (await fetch(`${moved.origin}/shop`)).text();
    const product = await (
      await fetch(`${moved.origin}${shop.match(/href="(\/product\/[^"?]+)"/)![1]}`)
    ).text();
    const data = JSON.parse(product.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)![1]!);
    const described = [data].flat().find((entry: { "@type"?: string }) => entry["@type"] === "Product");
    expect(described.image[0]).toMatch(new RegExp(`^${mediaUrl.replace(/[.:/]/g, "\\$&")}/`));
    expect(existsSync(path.join(first.dataDir, "no-media-here"))).toBe(false);
  } finally {
    await bucket.close();
  }
});
