import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFiles } from "./copy.ts";
import { FileKeyError, type FileStore } from "./file-store.ts";
import { folderStore } from "./folder-store.ts";
import { bucketPlace, s3Client, s3Store } from "./s3-store.ts";
import { startTestBucket, type TestBucket } from "./testing.ts";

let bucket: TestBucket;
let folder: string;

beforeAll(async () => {
  bucket = await startTestBucket();
  folder = await mkdtemp(path.join(os.tmpdir(), "vitrine-files-"));
});

afterAll(async () => {
  await bucket?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

function bucketStore(prefix: string): FileStore {
  return s3Store(s3Client(bucket.client), { bucket: bucket.bucket, prefix });
}

describe.each([
  ["a folder", () => folderStore(path.join(folder, "contract"))],
  ["an S3 bucket", () => bucketStore("shop/contract/")],
])("a file store in %s", (_name, make) => {
  it("keeps a file byte for byte, lists it, streams it and deletes it; a missing one is null", async () => {
    const store = make();
    const bytes = randomBytes(300_000);
    await store.put("ab/abcdef-m1-600.jpg", bytes, "image/jpeg");
    expect((await store.read("ab/abcdef-m1-600.jpg"))?.equals(bytes)).toBe(true);
    expect(await store.size("ab/abcdef-m1-600.jpg")).toBe(bytes.length);
    await store.put("notes/read me.txt", Buffer.from("hello"), "text/plain");
    const opened = await store.open("notes/read me.txt");
    expect(opened?.size).toBe(5);
    expect(await text(opened!.stream)).toBe("hello");
    await store.check();
    const listed = [];
    for await (const file of store.list()) listed.push(file);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "ab/abcdef-m1-600.jpg", size: bytes.length },
      { key: "notes/read me.txt", size: 5 },
    ]);
    await store.remove("ab/abcdef-m1-600.jpg");
    await store.remove("ab/never-there.jpg");
    expect(await store.read("ab/abcdef-m1-600.jpg")).toBeNull();
    expect(await store.size("ab/abcdef-m1-600.jpg")).toBeNull();
    expect(await store.open("ab/abcdef-m1-600.jpg")).toBeNull();
    for (const bad of ["../etc/passwd", "/abs", "a//b", "a/./b", "", "a\\b"])
      await expect(store.read(bad)).rejects.toBeInstanceOf(FileKeyError);
  });
});

describe("an S3 bucket", () => {
  it("reads s3:// addresses with and without a prefix, and refuses others", () => {
    expect(bucketPlace("s3://shop")).toEqual({ bucket: "shop", prefix: "" });
    expect(bucketPlace("s3://shop/stores/one/")).toEqual({ bucket: "shop", prefix: "stores/one/" });
    for (const bad of ["shop", "s3://", "s3://Shop", "https://shop", "s3://shop/../x"])
      expect(bucketPlace(bad)).toBeNull();
  });

  it("is written with signed requests and without the checksums that lagging services refuse", async () => {
    const before = bucket.refusals.length;
    await bucketStore("shop/checksums/").put("one.bin", randomBytes(70_000), "application/octet-stream");
    expect(bucket.refusals.slice(before)).toEqual([]);
    // The SDK's defaults send CRC32 checksums that the fake, as R2 or an older MinIO, refuses.
    const defaults = new S3Client(bucket.client);
    await expect(
      defaults.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: "shop/x.bin", Body: "x" })),
    ).rejects.toThrow();
    expect(bucket.refusals.slice(before)).toContain("checksum");
    // A wrong secret is refused as S3 refuses it.
    const wrong = new S3Client({
      ...bucket.client,
      requestChecksumCalculation: "WHEN_REQUIRED",
      credentials: { ...bucket.client.credentials, secretAccessKey: "not-the-secret" },
    });
    await expect(
      wrong.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: "shop/y.bin", Body: "y" })),
    ).rejects.toThrow();
    expect(bucket.refusals.at(-1)).toBe("signature");
  });

  it("an upload cut half-way leaves nothing in the bucket; tried again, it arrives whole", async () => {
    const store = bucketStore("shop/cut/");
    const bytes = randomBytes(120_000);
    // Three cuts: the SDK's three attempts all fail, and the put with them.
    bucket.failPuts((key) => key === "shop/cut/big.bin", 3);
    await expect(store.put("big.bin", bytes, "application/octet-stream")).rejects.toThrow();
    expect((await bucket.objects()).has("shop/cut/big.bin")).toBe(false);
    expect(await store.size("big.bin")).toBeNull();
    // One cut: the SDK's next attempt completes it.
    bucket.failPuts((key) => key === "shop/cut/big.bin", 1);
    await store.put("big.bin", bytes, "application/octet-stream");
    expect((await bucket.objects()).get("shop/cut/big.bin")?.equals(bytes)).toBe(true);
  });
});

describe("copying files", () => {
  it("copies a folder into a bucket and back, verified, and a second run copies nothing", async () => {
    const source = path.join(folder, "copy-source");
    const files = new Map([
      ["ab/one-m1-300.webp", randomBytes(5000)],
      ["cd/two.svg", Buffer.from("<svg/>")],
      ["files/ef/three.pdf", randomBytes(9000)],
    ]);
    const from = folderStore(source);
    for (const [key, bytes] of files) await from.put(key, bytes, "application/octet-stream");
    // A write left half-done by a crash is not a file to copy.
    await writeFile(path.join(source, "ab", "one-m1-300.webp.123-0badc0de.tmp"), "half");
    const to = bucketStore("shop/copied/");
    expect(await copyFiles(from, to)).toEqual({ copied: 3, skipped: 0, bytes: 14_006 });
    expect(await copyFiles(from, to)).toEqual({ copied: 0, skipped: 3, bytes: 0 });
    const objects = await bucket.objects();
    for (const [key, bytes] of files) expect(objects.get(`shop/copied/${key}`)?.equals(bytes)).toBe(true);

    const back = folderStore(path.join(folder, "copy-back"));
    expect((await copyFiles(to, back)).copied).toBe(3);
    for (const [key, bytes] of files) expect((await back.read(key))?.equals(bytes)).toBe(true);
    expect(await readdir(path.join(folder, "copy-back"))).toEqual(
      expect.arrayContaining(["ab", "cd", "files"]),
    );
  });
});
