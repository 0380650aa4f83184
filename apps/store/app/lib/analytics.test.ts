import { describe, expect, it } from "vitest";
import { analyticsBatchSchema, linkKind, withoutQuery } from "./analytics.ts";

const page = "https://shop.example";

describe("what a link's click counts as", () => {
  it.each<[string, string | null]>([
    ["/go/partner-shoes", "affiliate"],
    ["/recommend/boots?x=1", "affiliate"],
    ["https://shop.example/go/partner", "affiliate"],
    ["/files/catalogue.pdf", "download"],
    ["/files/PRICES.XLSX", "download"],
    ...["doc", "pdf", "ppt", "zip", "xls", "docx", "pptx", "xlsx"].map((ext): [string, string] => [
      `/f.${ext}`,
      "download",
    ]),
    ["https://other.example/files/a.pdf", "download"],
    ["https://other.example/page", "outbound"],
    ["https://other.example/go/x", "outbound"],
    ["http://shop.example/page", "outbound"],
    ["/product/boots", null],
    ["/files/picture.png", null],
    ["#reviews", null],
    ["mailto:shop@example.com", null],
    ["javascript:void(0)", null],
  ])("%s → %s", (href, kind) => {
    expect(linkKind(href, page)).toBe(kind);
  });

  it("keeps a link without its query or fragment", () => {
    expect(withoutQuery("/go/partner?utm_source=x#top", page)).toBe("https://shop.example/go/partner");
  });
});

describe("an analytics batch", () => {
  const session = "abcdefghijklmnop1234";
  it("takes page views and clicks", () => {
    expect(
      analyticsBatchSchema.safeParse({
        session,
        language: "es",
        events: [
          { kind: "page_view", path: "/shop", landing: { url: `${page}/shop?utm_source=x`, referrer: "" } },
          { kind: "outbound", path: "/shop", target: "https://other.example/page" },
        ],
      }).success,
    ).toBe(true);
  });

  it.each([
    ["a path with a query", { kind: "page_view", path: "/shop?email=a@b.c" }],
    ["a click without its link", { kind: "download", path: "/shop" }],
    ["a page view with a link", { kind: "page_view", path: "/", target: "https://other.example/" }],
    ["an unknown kind", { kind: "purchase", path: "/" }],
    ["an unknown field", { kind: "page_view", path: "/", ip: "1.2.3.4" }],
  ])("refuses %s", (_name, event) => {
    expect(analyticsBatchSchema.safeParse({ session, language: "en", events: [event] }).success).toBe(false);
  });

  it("refuses a malformed session id and an empty batch", () => {
    const event = { kind: "page_view", path: "/" };
    expect(analyticsBatchSchema.safeParse({ session: "x", language: "en", events: [event] }).success).toBe(
      false,
    );
    expect(analyticsBatchSchema.safeParse({ session, language: "en", events: [] }).success).toBe(false);
  });
});
