import { describe, expect, it } from "vitest";
import { PHOTO_FEED_MAX } from "../../lib/photo-feed.ts";
import { decodePhotoFeedData, encodePhotoFeedData } from "./photo-feed-data.server.ts";

/** A data string over any JSON, made as a block's would be. */
const dataOf = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString("base64url").replace(/=+$/, "");

describe("the photo feed block's data string", () => {
  it.each([1, 8, PHOTO_FEED_MAX])("round-trips a block of %i photos as URL-safe text", (limit) => {
    const data = encodePhotoFeedData({ v: 1, limit });
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePhotoFeedData(data)).toEqual({ v: 1, limit });
  });

  it("reads what another base64url encoder wrote", () => {
    expect(decodePhotoFeedData(dataOf({ v: 1, limit: 6 }))).toEqual({ v: 1, limit: 6 });
  });

  it.each<[string, unknown]>([
    ["a missing value", undefined],
    ["null", null],
    ["a number", 8],
    ["an array of data strings", [encodePhotoFeedData({ v: 1, limit: 8 })]],
    ["an object", { data: encodePhotoFeedData({ v: 1, limit: 8 }) }],
    ["an empty string", ""],
    ["text outside base64url", "eyJ2IjoxfQ=="],
    ["base64url that is not JSON", "bm90IGpzb24"],
    ["bytes that are not UTF-8", Buffer.from([0xff, 0xfe, 0x7b]).toString("base64url")],
    ["another version", dataOf({ v: 2, limit: 8 })],
    ["no limit", dataOf({ v: 1 })],
    ["a limit of 0", dataOf({ v: 1, limit: 0 })],
    ["a limit past the most", dataOf({ v: 1, limit: PHOTO_FEED_MAX + 1 })],
    ["a fractional limit", dataOf({ v: 1, limit: 2.5 })],
    ["a limit as text", dataOf({ v: 1, limit: "8" })],
    ["a JSON array", dataOf([1, 8])],
    ["a string past 400 characters", "A".repeat(401)],
  ])("refuses %s", (_name, value) => {
    expect(decodePhotoFeedData(value)).toBeNull();
  });
});
