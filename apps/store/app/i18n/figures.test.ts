import { describe, expect, it } from "vitest";
import { formatCount, formatPercent, languageNames } from "./figures.ts";

describe("the back office's figures", () => {
  it("write counts and shares as each language does", () => {
    expect([formatCount(1234, "en"), formatCount(1234, "es"), formatCount(12345, "es")]).toEqual([
      "1,234",
      "1234",
      "12.345",
    ]);
    expect([formatPercent(0.125, "en"), formatPercent(0.125, "es"), formatPercent(1 / 3, "en")]).toEqual([
      "12.5%",
      "12,5\u00a0%",
      "33.3%",
    ]);
  });

  it("build one formatter per language, and name languages in it", () => {
    expect(languageNames("en")).toBe(languageNames("en"));
    expect(languageNames("es")).not.toBe(languageNames("en"));
    expect([languageNames("en").of("es"), languageNames("es").of("en")]).toEqual(["Spanish", "inglés"]);
  });
});
