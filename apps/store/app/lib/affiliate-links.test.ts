import { describe, expect, it } from "vitest";
import { AFFILIATE_REL, affiliateLinkProps, isAffiliateHref } from "./affiliate-links.ts";

describe("which links are the store's affiliate links (rel=sponsored nofollow)", () => {
  it.each<[string, string | undefined, boolean]>([
    ["/go/partner-shoes", undefined, true],
    ["/recommend/boots?x=1", undefined, true],
    ["https://shop.example/go/partner", "https://shop.example", true],
    ["https://shop.example/go/partner", undefined, false],
    ["https://other.example/go/partner", "https://shop.example", false],
    ["/going/somewhere", undefined, false],
    ["/shop", undefined, false],
    ["http://[bad", undefined, false],
  ])("%s on %s → %s", (href, origin, affiliate) => {
    expect(isAffiliateHref(href, origin)).toBe(affiliate);
  });

  it("gives a router link the paid-link rel and a whole-document navigation, and other links nothing", () => {
    expect(affiliateLinkProps("/go/partner")).toEqual({ rel: AFFILIATE_REL, reloadDocument: true });
    expect(AFFILIATE_REL).toBe("sponsored nofollow");
    expect(affiliateLinkProps("/product/boots")).toEqual({});
  });
});
