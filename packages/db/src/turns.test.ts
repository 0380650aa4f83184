import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

// PGlite answers on the server's own thread: without a turn of the event loop between statements, a
// request in flight would keep every socket waiting until it answered (turns.ts).
describe("PGlite statements take turns with the event loop", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await handle.close();
  });

  /** Runs `steps` one after another and notes when a callback queued after the first gets its turn. */
  async function order(steps: Array<() => Promise<unknown>>): Promise<string[]> {
    const seen: string[] = [];
    for (const [n, step] of steps.entries()) {
      await step();
      seen.push(`step ${n + 1}`);
      if (n === 0) setImmediate(() => seen.push("event loop"));
    }
    await new Promise(setImmediate);
    return seen;
  }

  it("lets the event loop turn between one statement and the next", async () => {
    const statement = () => handle.db.execute(sql`select 1`);
    expect(await order([statement, statement, statement])).toEqual([
      "step 1",
      "event loop",
      "step 2",
      "step 3",
    ]);
  });

  it("lets it turn between transactions, and between a transaction and a statement", async () => {
    const transaction = () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
    expect(await order([transaction, transaction])).toEqual(["step 1", "event loop", "step 2"]);
    expect(await order([transaction, () => handle.db.execute(sql`select 1`)])).toEqual([
      "step 1",
      "event loop",
      "step 2",
    ]);
  });
});
