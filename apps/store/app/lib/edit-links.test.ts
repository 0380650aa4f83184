import { describe, expect, it } from "vitest";
import { pageBuilderLink, platformEditorLink, productEditLink, toolbarShift } from "./edit-links.ts";

describe("edit links", () => {
  it.each([
    [{ pageSlug: "home", blockId: 7 }, "/admin/pages/home?block=7", "/my-account/pages/home#block-7"],
    [
      { pageSlug: "home", blockId: 9, menuId: 2 },
      "/admin/pages/home?block=9&menu_id=2",
      "/my-account/pages/home?menu_id=2#block-9",
    ],
    [
      { pageSlug: "a b", blockId: 1, menuId: null },
      "/admin/pages/a%20b?block=1",
      "/my-account/pages/a%20b#block-1",
    ],
  ])("block %o: page builder %s, platform editor %s", (block, builder, platform) => {
    expect(pageBuilderLink(block)).toBe(builder);
    expect(platformEditorLink(block)).toBe(platform);
  });

  it("a product's editor is the back office's", () => {
    expect(productEditLink(42)).toBe("/admin/products/42");
  });
});

describe("toolbarShift keeps a toolbar 20 px from the viewport's edges", () => {
  it.each([
    [{ left: 100, right: 300 }, 1000, 0],
    [{ left: 20, right: 300 }, 1000, 0],
    [{ left: 5, right: 200 }, 1000, 15],
    [{ left: -40, right: 160 }, 1000, 60],
    [{ left: 800, right: 990 }, 1000, -10],
    [{ left: 800, right: 980 }, 1000, 0],
    // Wider than the room: its start stays 20 px in.
    [{ left: 10, right: 400 }, 300, 10],
    [{ left: 100, right: 400 }, 300, -80],
  ])("%o in a viewport %i wide moves %i px", (box, width, shift) => {
    expect(toolbarShift(box, width)).toBe(shift);
  });
});
