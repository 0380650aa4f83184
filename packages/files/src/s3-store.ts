import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { checkedKey, checkKey, type FileStore, isCheckKey, type OpenedFile } from "./file-store.ts";

/** Where in a bucket: `s3://bucket/prefix` read apart. */
export type BucketPlace = { bucket: string; prefix: string };

/**
 * `s3://bucket` or `s3://bucket/some/prefix` as a bucket and a prefix that ends in `/` (or is
 * empty); null when `spec` is not such an address.
 */
export function bucketPlace(spec: string): BucketPlace | null {
  const found = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(spec);
  if (!found) return null;
  const prefix = (found[2] ?? "").replace(/^\/+|\/+$/g, "");
  if (prefix.split("/").some((part) => part === "." || part === "..")) return null;
  return { bucket: found[1]!, prefix: prefix ? `${prefix}/` : "" };
}

export type S3Settings = {
  /** `AWS_ENDPOINT_URL`: an S3-compatible service's address (MinIO, R2, …); AWS's own when unset. */
  endpoint?: string | undefined;
  /** `S3_FORCE_PATH_STYLE=on`: the bucket in the path, not the host name (MinIO-like servers). */
  forcePathStyle?: boolean | undefined;
  /** `AWS_REGION`; the SDK's own resolution (its variables, its profile) when unset. */
  region?: string | undefined;
  /** A key given outright (tests, `media:copy` between two accounts); the SDK's chain when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/**
 * The SDK's client for the store's buckets. Credentials and the region come the SDK's usual way
 * (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, a profile, an instance's role).
 * Request checksums only where S3 requires them, and responses' checked only then: since early
 * 2025 the SDK sends CRC32 checksums (`aws-chunked` bodies with trailers) on every upload, which
 * S3-compatible services that lag behind AWS (R2, MinIO, Ceph and others) refuse or store wrongly.
 */
export function s3Client(settings: S3Settings): S3Client {
  const config: S3ClientConfig = {
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    forcePathStyle: settings.forcePathStyle ?? false,
    maxAttempts: 3,
  };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  if (settings.region) config.region = settings.region;
  if (settings.credentials) config.credentials = settings.credentials;
  return new S3Client(config);
}

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure?.name === "NoSuchKey" ||
    failure?.name === "NotFound" ||
    failure?.$metadata?.httpStatusCode === 404
  );
}

/**
 * Files as objects of `place.bucket` under `place.prefix`. The store makes objects and nothing
 * else: the bucket, its policy and its lifecycle are the operator's. An object appears whole when
 * its upload ends or not at all, as S3 promises; the SDK tries a failed request twice more.
 */
export function s3Store(client: S3Client, place: BucketPlace): FileStore {
  const { bucket, prefix } = place;
  const objectKey = (key: string) => prefix + checkedKey(key);

  async function get(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    describe: `s3://${bucket}/${prefix}`,
    folder: undefined,

    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
        }),
      );
    },

    async read(key) {
      const found = await get(key);
      if (!found?.Body) return null;
      return Buffer.from(await found.Body.transformToByteArray());
    },

    async open(key): Promise<OpenedFile | null> {
      const found = await get(key);
      if (!found?.Body) return null;
      return {
        stream: found.Body as Readable,
        size: found.ContentLength ?? 0,
        contentType: found.ContentType,
      };
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (!key || isCheckKey(key)) continue;
          yield { key, size: object.Size ?? 0 };
        }
      }
    },

    async check() {
      const key = checkKey();
      await this.put(key, Buffer.from("ready"), "text/plain");
      await this.remove(key);
    },
  };
}
