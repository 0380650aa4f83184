import { describe, expect, it } from "vitest";
import { recordingBatchQuery, sessionSampled, unrecordedPath } from "./session-recording.ts";

const SESSION = "abcdefghijklmnop";

describe("a recording batch's address", () => {
  it.each([
    [{ session: SESSION, seq: "0", path: "/" }, true],
    [{ session: SESSION, seq: "100000", path: "/checkout" }, true],
    [{ session: SESSION, seq: "100001", path: "/" }, false],
    [{ session: SESSION, seq: "", path: "/" }, false],
    [{ session: SESSION, seq: "1e3", path: "/" }, false],
    [{ session: SESSION, seq: "-1", path: "/" }, false],
    [{ session: SESSION, seq: "1.5", path: "/" }, false],
    [{ session: "too-short", seq: "0", path: "/" }, false],
    [{ session: `${SESSION}!`, seq: "0", path: "/" }, false],
    [{ session: SESSION, seq: "0", path: "/shop?orderby=price" }, false],
    [{ session: SESSION, seq: "0", path: "relative" }, false],
    [{ session: SESSION, seq: "0", path: `/${"x".repeat(2000)}` }, false],
    [{ session: SESSION, seq: "0", path: "/", more: "1" }, false],
    [{ session: [SESSION, SESSION], seq: "0", path: "/" }, false],
  ])("%j is valid: %s", (query, valid) => {
    expect(recordingBatchQuery.safeParse(query).success).toBe(valid);
  });

  it("reads the batch number as a number", () => {
    expect(recordingBatchQuery.parse({ session: SESSION, seq: "42", path: "/" }).seq).toBe(42);
  });
});

describe("what is recorded", () => {
  it.each([
    [0, 0, false],
    [100, 0.999_999, true],
    [10, 0.099, true],
    [10, 0.1, false],
    [50, 0.5, false],
    [50, 0.499, true],
  ])("a session drawn %s%% at %s is recorded: %s", (rate, random, recorded) => {
    expect(sessionSampled(rate, random)).toBe(recorded);
  });

  it.each([
    ["/admin", true],
    ["/admin/orders/3", true],
    ["/administrator", false],
    ["/my-account", false],
    ["/", false],
  ])("%s is never recorded: %s", (path, never) => {
    expect(unrecordedPath(path)).toBe(never);
  });
});
