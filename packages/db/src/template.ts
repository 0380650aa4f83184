import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The template: an image of a PGlite data folder holding the migrated, empty schema (decision 0048).
 * A new PGlite database is made by PGlite's initdb, about 7 s of one core on a slow machine; loading
 * this image instead takes under 2 s. It is made once per PGlite build and set of migrations (the
 * build makes it, `npm run template --workspace @vitrine/db`; the test databases make it when it is
 * missing) and kept in the database package's `.cache` folder, named by a hash of both, so a template
 * left by other migrations or another PGlite is never used.
 */
const require = createRequire(import.meta.url);
/** Resolved through the package name so it works both from source and from the store's server bundle. */
const packageDir = path.dirname(require.resolve("@vitrine/db/package.json"));
export const migrationsFolder = path.join(packageDir, "migrations");
export const TEMPLATE_DIR = path.join(packageDir, ".cache");

let keyOnce: string | undefined;
/** A hash of PGlite's code and of every migration file: what the template's content depends on. */
export function templateKey(): string {
  if (keyOnce) return keyOnce;
  const key = createHash("sha256");
  key.update(readFileSync(require.resolve("@electric-sql/pglite")));
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith(".sql") || name.endsWith(".json")) key.update(name).update(readFileSync(file));
  }
  keyOnce = key.digest("hex").slice(0, 16);
  return keyOnce;
}

export function templateFile(dir = TEMPLATE_DIR): string {
  return path.join(dir, `pglite-template-${templateKey()}.tar`);
}

/** The template for the current PGlite and migrations in `dir`, if one was made. */
export function readTemplate(dir = TEMPLATE_DIR): Blob | undefined {
  const file = templateFile(dir);
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Keeps `image` as the template in `dir`, and removes templates of other PGlite builds or migrations. */
export function writeTemplate(image: Buffer, dir = TEMPLATE_DIR): void {
  mkdirSync(dir, { recursive: true });
  const file = templateFile(dir);
  // Written aside, then renamed: a process reading it never sees half a file.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, image);
  renameSync(aside, file);
  for (const name of readdirSync(dir)) {
    if (/^pglite-template-[0-9a-f]{16}\.tar$/.test(name) && path.join(dir, name) !== file) {
      rmSync(path.join(dir, name), { force: true });
    }
  }
}
