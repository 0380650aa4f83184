import { describe, expect, it } from "vitest";
import { isMediaOriginPattern, matchesMediaOrigin } from "./media-origins.ts";

describe("media origin patterns", () => {
  it.each<[string, boolean]>([
    ["https://cdn.example.com", true],
    ["http://127.0.0.1:8080", true],
    ["https://*.cdninstagram.com", true],
    ["https://*.com", false],
    ["http://*.example.com", false],
    ["https://cdn.example.com/", false],
    ["https://cdn.example.com/path", false],
    ["https://user@cdn.example.com", false],
    ["https://cdn.example.com:70000", false],
    ["ftp://cdn.example.com", false],
    ["javascript:alert(1)", false],
    ["*.example.com", false],
    ["", false],
  ])("%j is a pattern: %s", (pattern, expected) => {
    expect(isMediaOriginPattern(pattern)).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ["https://cdn.example.com/a.jpg", "https://cdn.example.com", true],
    ["https://CDN.example.com:443/a.jpg", "https://cdn.example.com", true],
    ["http://cdn.example.com/a.jpg", "https://cdn.example.com", false],
    ["https://cdn.example.com:8443/a.jpg", "https://cdn.example.com", false],
    ["https://scontent-1.cdninstagram.com/a.jpg", "https://*.cdninstagram.com", true],
    ["https://a.b.cdninstagram.com/a.jpg", "https://*.cdninstagram.com", true],
    ["https://cdninstagram.com/a.jpg", "https://*.cdninstagram.com", false],
    ["https://evilcdninstagram.com/a.jpg", "https://*.cdninstagram.com", false],
    ["https://cdninstagram.com.evil.test/a.jpg", "https://*.cdninstagram.com", false],
    ["http://x.cdninstagram.com/a.jpg", "https://*.cdninstagram.com", false],
    ["https://x.cdninstagram.com:8443/a.jpg", "https://*.cdninstagram.com", false],
    ["https://cdn.example.com/a.jpg", "not an origin", false],
  ])("%s comes from %s: %s", (url, pattern, expected) => {
    expect(matchesMediaOrigin(new URL(url), pattern)).toBe(expected);
  });
});
