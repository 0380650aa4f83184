import { randomBytes } from "node:crypto";
import { z } from "zod";

const origin = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), { message: "must be an http(s) URL" })
  .transform((value) => new URL(value).origin);

const envSchema = z.object({
  WALLET_PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  WALLET_BIND: z.string().min(1).default("127.0.0.1"),
  /** The wallet's public origin: what the store calls `WALLET_HOST`. */
  WALLET_HOST: origin.default("http://127.0.0.1:4100"),
  /** The store this wallet pays for, and where it places paid orders. */
  STORE_URL: origin.default("http://127.0.0.1:3000"),
  WALLET_SHARED_SECRET: z.string().min(32, { message: "must be at least 32 characters" }),
  WALLET_DEMO_EMAIL: z.string().email().default("demo@wallet.example"),
  WALLET_DEMO_PASSWORD: z.string().min(8).optional(),
  WALLET_POST_MESSAGE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

export type WalletConfig = {
  port: number;
  bind: string;
  host: string;
  storeUrl: string;
  sharedSecret: string;
  demo: { email: string; password: string; generated: boolean };
  postMessageTimeoutMs: number;
};

export function loadWalletConfig(env: NodeJS.ProcessEnv = process.env): WalletConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid wallet configuration: ${String(issue.path[0])} ${issue.message}.`);
  }
  const values = parsed.data;
  return {
    port: values.WALLET_PORT,
    bind: values.WALLET_BIND,
    host: values.WALLET_HOST,
    storeUrl: values.STORE_URL,
    sharedSecret: values.WALLET_SHARED_SECRET,
    demo: {
      email: values.WALLET_DEMO_EMAIL,
      password: values.WALLET_DEMO_PASSWORD ?? randomBytes(9).toString("base64url"),
      generated: values.WALLET_DEMO_PASSWORD === undefined,
    },
    postMessageTimeoutMs: values.WALLET_POST_MESSAGE_TIMEOUT_MS,
  };
}
