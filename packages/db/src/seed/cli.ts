import path from "node:path";
import { parseArgs } from "node:util";
import { folderStore } from "@vitrine/files";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { createDb, type Database, selectRows } from "../client.ts";
import { seedBackOffice, seedDemo, seedSynthetic } from "./index.ts";

const USAGE = "npm run seed -- [--demo] [--products N] [--customers N] [--orders N] [--reviews N]";

/**
 * `npm run seed -- [--demo] [--products N] [--customers N] [--orders N] [--reviews N]`. Without
 * --demo the demo catalogue is added only when the database has no products yet, so synthetic
 * products, orders and reviews always land in a browsable store. Customers go in before orders,
 * so that orders are placed by them (decision 0065).
 */
const count = (flag: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `--${flag} takes a whole number, e.g. --${flag} 1000`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `--${flag} must be at least 1`)
        .max(max, `--${flag} can be at most ${max.toLocaleString("en")}`),
    )
    .optional();

const argsSchema = z.object({
  demo: z.boolean().default(false),
  products: count("products", 1_000_000),
  customers: count("customers", 1_000_000),
  orders: count("orders", 1_000_000),
  reviews: count("reviews", 1_000_000),
});

const envSchema = z.object({
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  INIT_CWD: z.string().default(process.cwd()),
});

function parseCommandLine() {
  let values: unknown;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        demo: { type: "boolean" },
        products: { type: "string" },
        customers: { type: "string" },
        orders: { type: "string" },
        reviews: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0]!.replace(/\.?$/, ".");
    return { error: `${reason} Usage: ${USAGE}` };
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  return { args: parsed.data };
}

async function main(): Promise<number> {
  const command = parseCommandLine();
  if (!command.args) {
    console.error(command.error);
    return 1;
  }
  const env = envSchema.parse(process.env);
  const dataDir = path.resolve(env.INIT_CWD, env.DATA_DIR);
  const mediaDir = path.join(dataDir, "media");
  const log = (message: string) => console.error(`seed: ${message}`);
  const started = performance.now();

  const handle = await createDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir });
  try {
    let demo = 0;
    const runDemo = command.args.demo || !(await hasProducts(handle.db));
    if (runDemo) demo = (await seedDemo(handle.db, { media: folderStore(mediaDir), log })).products;
    const synthetic = command.args.products ?? 0;
    if (synthetic > 0)
      await seedSynthetic(handle.db, { products: synthetic, media: folderStore(mediaDir), log });
    const { customers, orders, reviews } = command.args;
    if (customers || orders || reviews) await seedBackOffice(handle.db, { customers, orders, reviews, log });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const parts = [
      runDemo ? `${demo} demo products` : "",
      synthetic > 0 ? `${synthetic} synthetic products` : "",
      customers ? `${customers} customers` : "",
      orders ? `${orders} orders` : "",
      reviews ? `${reviews} reviews` : "",
    ];
    const what =
      parts.filter(Boolean).join(" and ") ||
      "nothing (the catalogue already has products; pass --products N, --orders N …)";
    console.log(`Seeded ${what} into ${handle.describe}, media in ${mediaDir}, in ${seconds} s.`);
    return 0;
  } finally {
    await handle.close();
  }
}

async function hasProducts(db: Database): Promise<boolean> {
  const [row] = await selectRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from products) as found`,
  );
  return row?.found === true;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
