import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { copyFiles } from "./copy.ts";
import { type MediaStores, mediaStores } from "./media-stores.ts";
import { bucketPlace } from "./s3-store.ts";

/**
 * `npm run media:copy -- --from ./data --to s3://bucket/prefix` (and back, `--from s3://… --to
 * ./data`): a store's files between its data folder (`media/` and `originals/`, or `--media-dir`
 * for a store that sets MEDIA_DIR) and a bucket (its `media/` and `originals/` under the prefix),
 * reached with the AWS variables the store reads. Resumable (a file already there at its size is
 * skipped) and verified (each copy read back and compared); the source is never changed. Then start
 * the store with `MEDIA_STORE` set to the target.
 */
const usage = "Usage: npm run media:copy -- --from ./data --to s3://bucket/prefix [--media-dir DIR]";

const side = z
  .string()
  .min(1)
  .refine((value) => !value.startsWith("s3:") || bucketPlace(value) !== null, {
    message: "an s3:// address is s3://bucket or s3://bucket/prefix, the bucket's name in lower case.",
  });
const argsSchema = z.object({
  from: side.describe("from"),
  to: side.describe("to"),
  "media-dir": z.string().min(1).optional(),
});

const envSchema = z.object({
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  INIT_CWD: z.string().default(process.cwd()),
  AWS_ENDPOINT_URL: z.string().url().optional(),
  AWS_REGION: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["on", "off", "1", "0", "true", "false"]).default("off"),
});

/** An expected failure: its message is the whole story, printed as it is. */
class CopyRefused extends Error {}

function parseCommandLine(): z.infer<typeof argsSchema> {
  let values: unknown;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { from: { type: "string" }, to: { type: "string" }, "media-dir": { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new CopyRefused(`${(error as Error).message.split("\n")[0]!.replace(/\.?$/, ".")} ${usage}`);
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path[0] ? `--${String(issue.path[0])}` : "";
    const message = issue.code === "invalid_type" ? "is missing." : issue.message;
    throw new CopyRefused(`${name} ${message} ${usage}`);
  }
  return parsed.data;
}

function storesAt(where: string, mediaDir: string | undefined, env: z.infer<typeof envSchema>): MediaStores {
  const place = bucketPlace(where);
  if (place)
    return mediaStores({
      location: {
        kind: "s3",
        ...place,
        s3: {
          endpoint: env.AWS_ENDPOINT_URL,
          region: env.AWS_REGION,
          forcePathStyle: ["on", "1", "true"].includes(env.S3_FORCE_PATH_STYLE),
        },
      },
      mediaDir: "",
      dataDir: "",
    });
  const dataDir = path.resolve(env.INIT_CWD, where);
  return mediaStores({
    location: { kind: "folder" },
    dataDir,
    mediaDir: mediaDir ? path.resolve(env.INIT_CWD, mediaDir) : path.join(dataDir, "media"),
  });
}

async function main(): Promise<void> {
  const args = parseCommandLine();
  const env = envSchema.parse(process.env);
  if (!bucketPlace(args.from) && !existsSync(path.resolve(env.INIT_CWD, args.from)))
    throw new CopyRefused(`There is no folder ${path.resolve(env.INIT_CWD, args.from)}. ${usage}`);
  const from = storesAt(args.from, args["media-dir"], env);
  const to = storesAt(args.to, args["media-dir"], env);
  const started = performance.now();
  for (const kind of ["public", "private"] as const) {
    const report = await copyFiles(from[kind], to[kind], { log: (line) => console.log(line) });
    console.log(
      `${kind === "public" ? "Pictures" : "Originals and files"}: ${report.copied} copied (${(report.bytes / 1e6).toFixed(1)} MB), ${report.skipped} already there, from ${from[kind].describe} to ${to[kind].describe}.`,
    );
  }
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s. Start the store with MEDIA_STORE=${bucketPlace(args.to) ? args.to : "folder"}.`,
  );
}

main().catch((error) => {
  console.error(error instanceof CopyRefused ? error.message : error);
  process.exitCode = 1;
});
