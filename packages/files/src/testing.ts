/// <reference path="./s3rver.d.ts" />
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * Tests only: an S3 bucket on loopback. s3rver (from the registry) keeps the objects; in front of it
 * a small proxy checks what S3 checks and s3rver does not, and what the S3-compatible services that
 * lag behind AWS refuse:
 * - every request signed with Signature Version 4 by the test's key (s3rver checks only the key id);
 * - a body whose SHA-256 is not the one the request signed (`XAmzContentSHA256Mismatch`);
 * - the SDK's newer checksums (`x-amz-checksum-*`, `x-amz-sdk-checksum-algorithm`, trailers,
 *   `aws-chunked` bodies), refused as R2 and older MinIO do, unless `acceptNewChecksums`.
 * With `publicRead`, objects are also read without a signature, as from a bucket whose policy lets
 * anyone read (its public address, `publicUrl`).
 * Like S3 and unlike s3rver alone, an upload is answered once its bytes can be read back.
 * `failPuts` cuts the next uploads of matching keys half-way, as a dropped connection would: the
 * bucket keeps nothing of them, as S3 keeps nothing of an unfinished upload.
 */
export type TestBucket = {
  /** `AWS_ENDPOINT_URL`, `AWS_REGION`, the key and `S3_FORCE_PATH_STYLE`, as a store reads them. */
  env: Record<string, string>;
  bucket: string;
  /** The same as an S3 client's settings (the SDK's defaults otherwise, checksums included). */
  client: {
    endpoint: string;
    region: string;
    forcePathStyle: true;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
  /** The bucket's public address (path style): `<publicUrl>/<key>` reads an object unsigned. */
  publicUrl: string;
  /** What the proxy refused, in order ("signature", "checksum", "payload hash", "cut"). */
  refusals: string[];
  /** Cuts the next `times` uploads whose object key `match` accepts. */
  failPuts(match: (objectKey: string) => boolean, times: number): void;
  /** Every object's key and bytes, straight from s3rver. */
  objects(): Promise<Map<string, Buffer>>;
  close(): Promise<void>;
};

const KEY_ID = "VITRINETESTKEY";
const SECRET = "vitrine-test-secret";
const REGION = "us-east-1";

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** Signature Version 4 checked over the request as it came (S3's rules: no path normalisation). */
function signatureMatches(req: http.IncomingMessage, payloadHash: string): boolean {
  const authorization = req.headers.authorization ?? "";
  const parts =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parts) return false;
  const [, keyId, day, region, signedHeaders, signature] = parts as unknown as string[];
  if (keyId !== KEY_ID || region !== REGION) return false;
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const [rawPath = "", rawQuery = ""] = (req.url ?? "").split("?");
  const query = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => (pair.includes("=") ? pair : `${pair}=`))
    .sort()
    .join("&");
  const names = signedHeaders!.split(";");
  const headers = names
    .map((name) => {
      const value = req.headers[name];
      return `${name}:${(Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonical = [req.method, rawPath, query, headers, signedHeaders, payloadHash].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day!), region!), "s3"), "aws4_request");
  const expected = Buffer.from(hmac(key, toSign).toString("hex"));
  return expected.length === signature!.length && timingSafeEqual(expected, Buffer.from(signature!));
}

function usesNewChecksums(req: http.IncomingMessage): boolean {
  const names = Object.keys(req.headers);
  return (
    names.some((name) => name.startsWith("x-amz-checksum-")) ||
    "x-amz-sdk-checksum-algorithm" in req.headers ||
    "x-amz-trailer" in req.headers ||
    String(req.headers["content-encoding"] ?? "").includes("aws-chunked") ||
    String(req.headers["x-amz-content-sha256"] ?? "").startsWith("STREAMING-")
  );
}

function refuse(res: http.ServerResponse, status: number, code: string): void {
  res.writeHead(status, { "Content-Type": "application/xml" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

/** Resolves once `file` holds exactly `body` (polled; at most five seconds). */
async function whenStored(file: string, body: Buffer): Promise<void> {
  const wanted = sha256(body);
  for (let tries = 0; tries < 1000; tries++) {
    const held = await readFile(file).catch(() => null);
    if (held && held.length === body.length && sha256(held) === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function startTestBucket(
  options: { bucket?: string; acceptNewChecksums?: boolean; publicRead?: boolean } = {},
): Promise<TestBucket> {
  const bucket = options.bucket ?? "vitrine-test";
  const directory = await mkdtemp(path.join(os.tmpdir(), "vitrine-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const upstream = await server.run();
  // s3rver's own key, used between the proxy and it; the store's requests carry the test's.
  const upstreamAuthorization = (req: http.IncomingMessage) =>
    String(req.headers.authorization ?? "").replace(`Credential=${KEY_ID}/`, "Credential=S3RVER/");

  const refusals: string[] = [];
  const faults: Array<{ match: (key: string) => boolean; left: number }> = [];

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (!options.acceptNewChecksums && usesNewChecksums(req)) {
        refusals.push("checksum");
        return refuse(res, 400, "NotImplemented");
      }
      const anonymousRead =
        options.publicRead && (req.method === "GET" || req.method === "HEAD") && !req.headers.authorization;
      const declared = String(req.headers["x-amz-content-sha256"] ?? "");
      if (!anonymousRead && declared !== "UNSIGNED-PAYLOAD" && declared !== sha256(body)) {
        refusals.push("payload hash");
        return refuse(res, 400, "XAmzContentSHA256Mismatch");
      }
      if (!anonymousRead && !signatureMatches(req, declared)) {
        refusals.push("signature");
        return refuse(res, 403, "SignatureDoesNotMatch");
      }
      const objectKey = decodeURIComponent((req.url ?? "").split("?")[0]!.split("/").slice(2).join("/"));
      const fault = req.method === "PUT" ? faults.find((f) => f.left > 0 && f.match(objectKey)) : undefined;
      if (fault) {
        fault.left--;
        refusals.push("cut");
        // Half the body came and the connection dropped: the upload never reaches the bucket.
        req.socket.destroy();
        return;
      }
      const forwarded = http.request(
        {
          host: "127.0.0.1",
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            ...(req.headers.authorization ? { authorization: upstreamAuthorization(req) } : {}),
            "content-length": body.length,
          },
        },
        (answer) => {
          const relay = () => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          };
          if (req.method !== "PUT" || (answer.statusCode ?? 500) >= 300) return relay();
          // s3rver answers an upload before its bytes are all on disk; S3 reads back what it
          // acknowledged. The answer waits until the object holds the body.
          void whenStored(path.join(directory, bucket, `${objectKey}._S3rver_object`), body).then(relay);
        },
      );
      forwarded.on("error", () => res.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  return {
    bucket,
    publicUrl: `${endpoint}/${bucket}`,
    env: {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: KEY_ID,
      AWS_SECRET_ACCESS_KEY: SECRET,
      S3_FORCE_PATH_STYLE: "on",
    },
    client: {
      endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
    },
    refusals,
    failPuts(match, times) {
      faults.push({ match, left: times });
    },
    async objects() {
      // s3rver keeps each object as `<bucket>/<key>._S3rver_object` beside its metadata.
      const root = path.join(directory, bucket);
      const found = new Map<string, Buffer>();
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith("._S3rver_object")) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path
          .relative(root, file)
          .split(path.sep)
          .join("/")
          .replace(/\._S3rver_object$/, "");
        found.set(key, await readFile(file));
      }
      return found;
    },
    async close() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
