import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, DatabaseOpenError } from "./client.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-db-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("createDb", () => {
  it("refuses a second opener of the same PGlite folder, and allows it once the first has closed", async () => {
    const first = await createDb({ dataDir });
    await expect(createDb({ dataDir })).rejects.toThrow(DatabaseOpenError);
    await expect(createDb({ dataDir })).rejects.toThrow(/in use by another Vitrine process/);
    await first.close();
    const second = await createDb({ dataDir });
    expect(second.dialect).toBe("pglite");
    await second.close();
  });

  it("fails fast with one clear line when PostgreSQL cannot be reached", async () => {
    const attempt = createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" });
    await expect(attempt).rejects.toThrow(DatabaseOpenError);
    await expect(createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" })).rejects.toThrow(
      /^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/none: [^\n]+$/,
    );
  });
});
