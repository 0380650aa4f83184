import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { bucketPlace, type StoreLocation } from "@vitrine/files";
import { z } from "zod";

export class ConfigError extends Error {
  override name = "ConfigError";
}

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ["1", "0", "on", "off", "true", "false", "yes", "no"].includes(value), {
    message: "must be on or off",
  })
  .transform((value) => ["1", "on", "true", "yes"].includes(value));

const origin = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), { message: "must be an http(s) URL" })
  .transform((value) => new URL(value).origin);

/**
 * The store's public address: scheme, host and port, no path. Absolute URLs (mail links, canonical
 * and hreflang links, the sitemap, JSON-LD, wallet URLs) are built from it, never from a request.
 */
const publicUrl = z
  .string()
  .url()
  .refine(
    (value) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      return url !== null && /^https?:$/.test(url.protocol) && url.pathname === "/" && !url.search;
    },
    { message: "must be an http(s) origin without a path (https://shop.example)" },
  )
  .transform((value) => new URL(value).origin);

/** An IPv4 or IPv6 address, or a CIDR range (`10.0.0.0/8`). */
function isAddressOrRange(part: string): boolean {
  const [address, bits, ...rest] = part.trim().split("/");
  const family = isIP(address ?? "");
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies may speak for the client (`X-Forwarded-For`, `-Proto`, `-Host`): none by default.
 * `loopback`, `linklocal`, `uniquelocal`, a comma-separated list of addresses or CIDR ranges, or a
 * number of hops. Never "all": that would let any client claim any address.
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) =>
      ["off", "loopback", "linklocal", "uniquelocal"].includes(value) ||
      /^([1-9]|10)$/.test(value) ||
      value.split(",").every(isAddressOrRange),
    { message: "must be off, loopback, linklocal, uniquelocal, a number of hops (1-10), or addresses" },
  )
  .transform((value): TrustProxy => {
    if (value === "off") return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(",")
      .map((part) => part.trim())
      .join(",");
  });
export type TrustProxy = false | number | string;

/** Comma-separated IPv4 or IPv6 addresses or CIDR ranges, as a list. */
const addressList = z
  .string()
  .trim()
  .refine((value) => value.split(",").every(isAddressOrRange), {
    message: "must be comma-separated addresses or CIDR ranges",
  })
  .transform((value) => value.split(",").map((part) => part.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: publicUrl.optional(),
  TRUST_PROXY: trustProxy.default(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { message: "must be a postgres:// URL" })
    .optional(),
  /** Named (prepared) statements on PostgreSQL (decision 0072); off behind a pooler in transaction mode. */
  PG_PREPARED_STATEMENTS: flag.default(true),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Where media files live; `DATA_DIR/media` unless set (tests share one folder of generated art). */
  MEDIA_DIR: z.string().min(1).optional(),
  /**
   * Where the files live (issue 44, decision 0084): `folder` (the default: MEDIA_DIR and
   * DATA_DIR/originals) or a bucket, `s3://bucket/prefix`, reached with the AWS variables below.
   */
  MEDIA_STORE: z
    .string()
    .trim()
    .refine((value) => value === "folder" || bucketPlace(value) !== null, {
      message: "must be folder or s3://bucket/prefix (a bucket's name in lower case)",
    })
    .default("folder"),
  /**
   * Where pages take public pictures from (a CDN, or the bucket's public address), the files' keys
   * after it; the store serves `/media/…` itself when unset. Private files never go there.
   */
  MEDIA_URL: z
    .string()
    .url()
    .refine(
      (value) => {
        const url = new URL(value);
        return /^https?:$/.test(url.protocol) && !url.search && !url.hash && !url.username;
      },
      { message: "must be an http(s) address without a query (https://cdn.example.com/media)" },
    )
    .transform((value) => value.replace(/\/+$/, ""))
    .optional(),
  /** An S3-compatible service's address (MinIO, R2, …); AWS's own when unset. */
  AWS_ENDPOINT_URL: z
    .string()
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), { message: "must be an http(s) URL" })
    .optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, { message: "must be a region's name (us-east-1, auto, …)" })
    .optional(),
  /** The bucket in the path rather than in the host name, as MinIO-like servers want. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  SEED_DEMO: flag.default(true),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: "must be at least 8 characters" }).optional(),
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  WALLET_HOST: origin.default("http://127.0.0.1:4100"),
  /** Stripe's keys (issue 42): when set, they win over the settings page's. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, { message: "must be a Stripe secret key (sk_…)" })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, { message: "must be a Stripe webhook secret (whsec_…)" })
    .optional(),
  /**
   * Where Stripe's API answers: https://api.stripe.com unless set (the tests point it at a loopback
   * fake). Its Checkout pages are then on the same origin.
   */
  STRIPE_API_URL: origin.optional(),
  /** The secret the store and the wallet seal session data and sign order calls with. */
  WALLET_SHARED_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  WALLET_MERCHANT_ID: z.string().min(1).max(100).default("vitrine-demo"),
  WALLET_DIRECT_CHECKOUT: flag.default(true),
  WALLET_TEST_MODE: flag.default(true),
  /** The store's id at the wallet (the spec's blog_id). */
  STORE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "must be letters, digits, - or _" })
    .default("1"),
  /** `smtp://user:pass@host:587` or `smtps://…`; unset writes mail as `.eml` files under `DATA_DIR/mail`. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { message: "must be an smtp:// or smtps:// URL" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Vitrine <shop@vitrine.localhost>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The embedded database on a thread of its own (decision 0086); off runs it on the main thread. */
  PGLITE_THREAD: z.enum(["on", "off"]).default("on"),
  /** Megabytes the in-memory page cache for guests may hold (decision 0085); 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().min(0).max(65_536).default(32),
  /**
   * Fault injection for tests of the upload's recovery: a picture exactly this many pixels wide fails
   * at its second size the first time it is uploaded. Unset (off) outside tests.
   */
  MEDIA_FAULT_WIDTH: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * For browser tests only: imported pictures may also be fetched from 127.0.0.1 (their fake picture
   * host); every other private address stays refused (decision 0077). Unset (off) outside tests.
   */
  TEST_IMPORT_PICTURES_FROM_LOOPBACK: z.enum(["on", "off"]).default("off"),
  /** Server processes sharing the port; one per core on PostgreSQL unless set, always one on PGlite. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Who may read `/metrics` (decision 0083): comma-separated addresses or CIDR ranges; loopback by default. */
  METRICS_ALLOW: addressList.default(["127.0.0.1", "::1"]),
  /** A request slower than this many milliseconds is logged with its statements' timings; 0 turns it off. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
});

export type Config = {
  env: "development" | "production" | "test";
  /** Addresses and CIDR ranges that may read `/metrics`. */
  metricsAllow: string[];
  /** Requests slower than this (ms) are logged with their statements; 0: never. */
  slowRequestMs: number;
  port: number;
  host: string;
  /**
   * The store's origin as shoppers reach it (`PUBLIC_URL`, else the listening address; with PORT 0
   * the server fills in the port it was given once it listens).
   */
  publicUrl: string;
  /** Express's `trust proxy`: false unless `TRUST_PROXY` names the proxies in front. */
  trustProxy: TrustProxy;
  databaseUrl: string | undefined;
  /**
   * Statements are prepared once, then only bound and executed (`PG_PREPARED_STATEMENTS`): by each
   * PostgreSQL connection (decision 0072), and by the embedded database (decision 0078).
   */
  preparedStatements: boolean;
  dataDir: string;
  mediaDir: string;
  /** Where the files live: the folders, or a bucket and how to reach it. */
  mediaStore: StoreLocation;
  /** Where pages take public pictures from, without a final `/`; the store's `/media/` when unset. */
  mediaUrl: string | undefined;
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  sessionSecret: string;
  walletHost: string;
  /** Stripe as the installation sets it; the settings page's keys apply where these are unset. */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiUrl: string | undefined };
  wallet: {
    sharedSecret: string;
    merchantId: string;
    directCheckout: boolean;
    testMode: boolean;
    storeId: string;
  };
  smtpUrl: string | undefined;
  mailDir: string;
  mailFrom: string;
  logLevel: string;
  /** The page cache's bound, in bytes. */
  pageCacheBytes: number;
  /** PGlite runs on a thread of its own (the built server only). */
  pgliteThread: boolean;
  /** `MEDIA_FAULT_WIDTH`: pictures this wide fail half-way once (tests only). */
  mediaFaultWidth: number | undefined;
  /** `TEST_IMPORT_PICTURES_FROM_LOOPBACK`: imported pictures and files may come from 127.0.0.1 (tests only). */
  importPicturesFromLoopback: boolean;
  /** How many worker processes serve the port (1: the process serves it itself). */
  workers: number;
};

/**
 * Reads the environment once, at start. A bad value stops the start with one line that names the
 * variable; nothing else in the app reads process.env.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])}).`,
    );
  }
  const values = parsed.data;
  if (Boolean(values.ADMIN_EMAIL) !== Boolean(values.ADMIN_PASSWORD)) {
    const missing = values.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL";
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set together with the other ADMIN_ variable.`,
    );
  }
  if (!values.DATABASE_URL && values.WORKERS !== undefined && values.WORKERS > 1) {
    throw new ConfigError(
      "Invalid configuration: WORKERS above 1 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process.",
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: values.PUBLIC_URL ?? listeningOrigin(values.HOST, values.PORT),
    trustProxy: values.TRUST_PROXY,
    metricsAllow: values.METRICS_ALLOW,
    slowRequestMs: values.SLOW_REQUEST_MS,
    databaseUrl: values.DATABASE_URL,
    preparedStatements: values.PG_PREPARED_STATEMENTS,
    dataDir,
    mediaDir: values.MEDIA_DIR ? path.resolve(values.MEDIA_DIR) : path.join(dataDir, "media"),
    mediaStore: storeLocation(values),
    mediaUrl: values.MEDIA_URL,
    seedDemo: values.SEED_DEMO,
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : undefined,
    sessionSecret: values.SESSION_SECRET ?? secretFromDataDir(dataDir, "session-secret"),
    walletHost: values.WALLET_HOST,
    stripe: {
      secretKey: values.STRIPE_SECRET_KEY,
      webhookSecret: values.STRIPE_WEBHOOK_SECRET,
      apiUrl: values.STRIPE_API_URL,
    },
    wallet: {
      sharedSecret: values.WALLET_SHARED_SECRET ?? secretFromDataDir(dataDir, "wallet-secret"),
      merchantId: values.WALLET_MERCHANT_ID,
      directCheckout: values.WALLET_DIRECT_CHECKOUT,
      testMode: values.WALLET_TEST_MODE,
      storeId: values.STORE_ID,
    },
    smtpUrl: values.SMTP_URL,
    mailDir: path.join(dataDir, "mail"),
    mailFrom: values.MAIL_FROM,
    logLevel: values.LOG_LEVEL,
    pageCacheBytes: Math.round(values.PAGE_CACHE_MB * 1024 * 1024),
    pgliteThread: values.PGLITE_THREAD === "on",
    mediaFaultWidth: values.MEDIA_FAULT_WIDTH,
    importPicturesFromLoopback: values.TEST_IMPORT_PICTURES_FROM_LOOPBACK === "on",
    workers: values.DATABASE_URL ? (values.WORKERS ?? availableParallelism()) : 1,
  };
}

/**
 * The address the server listens on, as a URL a browser on this machine can open: a wildcard
 * interface (`0.0.0.0`, `::`) becomes 127.0.0.1, the address the bundled wallet serves.
 */
function storeLocation(values: z.infer<typeof envSchema>): StoreLocation {
  const place = values.MEDIA_STORE === "folder" ? null : bucketPlace(values.MEDIA_STORE);
  if (!place) return { kind: "folder" };
  return {
    kind: "s3",
    ...place,
    s3: {
      endpoint: values.AWS_ENDPOINT_URL,
      region: values.AWS_REGION,
      forcePathStyle: values.S3_FORCE_PATH_STYLE,
    },
  };
}

export function listeningOrigin(host: string, port: number): string {
  const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return new URL(`http://${isIP(shown) === 6 ? `[${shown}]` : shown}:${port}`).origin;
}

/**
 * With no SESSION_SECRET (or WALLET_SHARED_SECRET) set, one is made on first start and kept beside
 * the data, never a default. `npm start` hands the wallet secret to the bundled reference wallet.
 */
export function secretFromDataDir(dataDir: string, name: "session-secret" | "wallet-secret"): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
