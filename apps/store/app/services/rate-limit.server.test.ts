import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server.ts";

describe("RateLimiter", () => {
  it("allows the limit per window and key, then refuses until the window passes", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.attempt("a"))).toEqual([true, true, true, false]);
    expect(limiter.attempt("b")).toBe(true);
    now = 999;
    expect(limiter.attempt("a")).toBe(false);
    now = 1000;
    expect(limiter.attempt("a")).toBe(true);
    limiter.reset("a");
    expect([1, 2, 3].map(() => limiter.attempt("a"))).toEqual([true, true, true]);
  });
});
