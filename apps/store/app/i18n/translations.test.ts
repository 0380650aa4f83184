import { describe, expect, it } from "vitest";
import en from "./en.json";
import es from "./es.json";

/** Every key a string can be looked up by, as `a.b.c`. */
function keys(strings: object, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("translations", () => {
  // The browser receives only the page language's strings, with no English to fall back on.
  it("English and Spanish hold the same keys", () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });
});
