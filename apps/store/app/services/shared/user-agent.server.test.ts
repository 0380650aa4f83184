import { describe, expect, it } from "vitest";
import { isMobileUserAgent } from "./user-agent.server.ts";

describe("isMobileUserAgent", () => {
  it.each<[string, string | null, boolean]>([
    [
      "desktop Chrome",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36",
      false,
    ],
    [
      "desktop Firefox",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0",
      false,
    ],
    [
      "iPhone Safari",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      true,
    ],
    [
      "Android Chrome",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
      true,
    ],
    ["iPad", "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15", true],
    ["no header", null, false],
  ])("%s", (_name, userAgent, expected) => {
    expect(isMobileUserAgent(userAgent)).toBe(expected);
  });
});
