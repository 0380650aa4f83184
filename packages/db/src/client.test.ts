import { describe, expect, it } from "vitest";
import { createDb, DatabaseOpenError } from "./client.ts";

// The PGlite folder lock (one opener at a time) is tested in lock.test.ts.
describe("createDb", () => {
  it("fails fast with one clear line when PostgreSQL cannot be reached", async () => {
    const attempt = createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" });
    await expect(attempt).rejects.toThrow(DatabaseOpenError);
    await expect(createDb({ databaseUrl: "postgres://nobody@127.0.0.1:1/none" })).rejects.toThrow(
      /^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/none: [^\n]+$/,
    );
  });
});
