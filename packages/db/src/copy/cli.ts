import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createDb, DatabaseOpenError, type DbHandle } from "../client.ts";
import { type CopiedTable, copyDatabase, TableCycleError, TargetNotEmptyError } from "./index.ts";

/**
 * `npm run db:copy -- --from ./data --to postgres://user@host:5432/database`: moves a store from its
 * embedded database to PostgreSQL. The store must be stopped (the copy holds the data folder's lock)
 * and the target database must exist and be empty; the command migrates it first.
 */
const usage = "Usage: npm run db:copy -- --from ./data --to postgres://user@host:5432/database";

const argsSchema = z.object({
  from: z.string({ error: "--from is missing: the store's data folder (its DATA_DIR)." }).min(1),
  to: z
    .string({ error: "--to is missing: the PostgreSQL database to copy into." })
    .regex(/^postgres(ql)?:\/\/.+/, "--to must be a postgres:// URL."),
});

const envSchema = z.object({
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  INIT_CWD: z.string().default(process.cwd()),
});

/** An expected failure: its message is the whole story, printed as it is. */
class CopyRefused extends Error {}

function parseCommandLine(): z.infer<typeof argsSchema> {
  let values: unknown;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { from: { type: "string" }, to: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CopyRefused(`${(error as Error).message.split("\n")[0]!.replace(/\.?$/, ".")} ${usage}`);
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new CopyRefused(`${parsed.error.issues[0]!.message} ${usage}`);
  return parsed.data;
}

async function openSource(dataDir: string): Promise<DbHandle> {
  // createDb would make a new, empty database in a mistyped folder; refuse instead.
  if (!existsSync(path.join(dataDir, "pglite"))) {
    throw new CopyRefused(
      `There is no embedded database in ${dataDir} (no pglite folder): --from takes the store's DATA_DIR.`,
    );
  }
  try {
    return await createDb({ dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseOpenError)) throw error;
    throw new CopyRefused(
      `${error.message}\nStop the store before copying: the copy needs its data folder alone.`,
    );
  }
}

async function openTarget(databaseUrl: string): Promise<DbHandle> {
  try {
    return await createDb({ databaseUrl });
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw new CopyRefused(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const args = parseCommandLine();
  const env = envSchema.parse(process.env);
  const started = performance.now();
  const source = await openSource(path.resolve(env.INIT_CWD, args.from));
  try {
    const target = await openTarget(args.to);
    try {
      console.log(`Copying ${source.describe} into ${target.describe}:`);
      const copied = await copyAll(source, target);
      const rows = copied.reduce((sum, table) => sum + table.rows, 0);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Copied ${rows} ${rows === 1 ? "row" : "rows"} in ${copied.length} tables in ${seconds} s.`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function copyAll(source: DbHandle, target: DbHandle): Promise<CopiedTable[]> {
  try {
    return await copyDatabase(source.db, target.db, {
      onTable: (table, rows) => console.log(`  ${table.padEnd(28)} ${String(rows).padStart(9)}`),
    });
  } catch (error) {
    if (error instanceof TargetNotEmptyError || error instanceof TableCycleError) {
      throw new CopyRefused(error.message);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new CopyRefused(`The copy failed and was rolled back, so the target is as it was: ${reason}`);
  }
}

main().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(error instanceof CopyRefused ? reason : `db:copy failed: ${reason}`);
  process.exitCode = 1;
});
