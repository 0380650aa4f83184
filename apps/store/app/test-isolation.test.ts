import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SHARED_MODULES } from "../../../vitest.config.ts";

/**
 * The test files of `SHARED_MODULES` run without isolation: one worker imports the server once for
 * many files (decision 0049). That holds only while none of them changes what the next file would
 * import or read, so this refuses the ways a test file does: module mocks, stubbed globals or
 * environment, fake timers, and assignments to `process.env` or `globalThis`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const LEAKS: Array<[RegExp, string]> = [
  [
    /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn|resetModules)\b/,
    "a vi.* call that outlives its file",
  ],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/, "an assignment to process.env"],
  [/\bdelete\s+process\.env\b/, "a deletion from process.env"],
  [/\bglobalThis\.\w+\s*=(?!=)/, "an assignment to globalThis"],
];

function leaksOf(source: string): string[] {
  return LEAKS.filter(([pattern]) => pattern.test(source)).map(([, what]) => what);
}

function files(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes("node_modules"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const sharedFiles = ["packages", "apps", "bench"]
  .flatMap(files)
  .filter((file) => !file.split(path.sep).includes("build"))
  .filter((file) => SHARED_MODULES.some((pattern) => path.matchesGlob(file, pattern)));

describe("test files that share a worker's modules", () => {
  it("are the server's and the packages' tests", () => {
    expect(sharedFiles.length).toBeGreaterThan(50);
    expect(sharedFiles).toContain(path.join("packages", "db", "src", "template.test.ts"));
    expect(sharedFiles).toContain(
      path.join("apps", "store", "app", "services", "cart", "checkout.server.test.ts"),
    );
    expect(sharedFiles).toContain(path.join("apps", "store", "server", "page-cache.server.test.ts"));
    expect(sharedFiles).not.toContain(
      path.join("apps", "store", "app", "features", "cart", "cart-store.test.ts"),
    );
  });

  it("change nothing another file would see", () => {
    const found = sharedFiles.flatMap((file) =>
      leaksOf(readFileSync(path.join(root, file), "utf8")).map((what) => `${file}: ${what}`),
    );
    expect(found).toEqual([]);
  });

  it("the check finds each kind of leak", () => {
    expect(leaksOf('vi.mock("./cart.ts");')).toEqual(["a vi.* call that outlives its file"]);
    expect(leaksOf('process.env.DATABASE_URL = "x";')).toEqual(["an assignment to process.env"]);
    expect(leaksOf('process.env["PORT"] = "1";')).toEqual(["an assignment to process.env"]);
    expect(leaksOf("delete process.env.PORT;")).toEqual(["a deletion from process.env"]);
    expect(leaksOf("globalThis.fetch = fake;")).toEqual(["an assignment to globalThis"]);
    expect(leaksOf('if (process.env.PORT === "1") vi.fn();')).toEqual([]);
  });
});
