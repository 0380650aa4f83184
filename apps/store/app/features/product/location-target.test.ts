import { describe, expect, it } from "vitest";
import { tabForLocation } from "./location-target.ts";

const tabs = ["description", "additional_information", "reviews"];
const page = "http://shop.test/product/mug";

describe("tabForLocation", () => {
  it.each<[string, string, string | null]>([
    ["#reviews", page, "reviews"],
    ["#comments", page, "reviews"],
    ["#tab-reviews", page, "reviews"],
    ["#comment-12", page, "reviews"],
    ["", `${page}/comment-page-2`, "reviews"],
    ["", `${page}?cpage=2`, "reviews"],
    ["#tab-description", page, "description"],
    ["#tab-additional_information", page, "additional_information"],
    ["#tab-unknown", page, null],
    ["#main", page, null],
    ["", page, null],
  ])("%s on %s → %s", (hash, href, expected) => {
    expect(tabForLocation(hash, href + hash, tabs)).toBe(expected);
  });

  it("leaves the review anchors alone when there is no reviews tab", () => {
    expect(tabForLocation("#reviews", page, ["description"])).toBeNull();
  });
});
