import { z } from "zod";
import { startStripeFake } from "./stripe-fake.ts";

/**
 * The Stripe fake as its own process, for Playwright's webServer (which waits on `/healthz`):
 * `STRIPE_WEBHOOK_SECRET=whsec_… STRIPE_FAKE_PORT=12111 npx tsx apps/store/tests/fakes/stripe/main.ts`.
 * Browser tests drive it through `connectStripeFake(url)` (control.ts).
 */
const envSchema = z.object({
  STRIPE_FAKE_PORT: z.coerce.number().int().min(0).max(65535).default(12111),
  STRIPE_FAKE_WEBHOOK_URL: z.string().url().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1),
  /** When set, the only secret key the fake accepts; else any `sk_test_…`. */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_test_").optional(),
});

const parsed = envSchema.safeParse(
  Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")),
);
if (!parsed.success) {
  const issue = parsed.error.issues[0]!;
  console.error(`Invalid Stripe fake configuration: ${String(issue.path[0])} ${issue.message}.`);
  process.exit(1);
}
const env = parsed.data;
const fake = await startStripeFake({
  port: env.STRIPE_FAKE_PORT,
  webhookUrl: env.STRIPE_FAKE_WEBHOOK_URL,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET,
  apiKey: env.STRIPE_SECRET_KEY,
});
console.log(`Stripe fake on ${fake.url}, webhooks to ${env.STRIPE_FAKE_WEBHOOK_URL ?? "nowhere"}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
