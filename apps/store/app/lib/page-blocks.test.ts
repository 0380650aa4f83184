import { describe, expect, it } from "vitest";
import { type PageBlock, pageDescription } from "./page-blocks.ts";

const hero = (text: string): PageBlock => ({
  id: 1,
  type: "hero",
  title: "Hi",
  text,
  cta: null,
  image: null,
});
const text = (...paragraphs: string[]): PageBlock => ({
  id: 2,
  type: "text",
  title: "T",
  body: paragraphs.map((paragraph) => [
    { t: "text", text: paragraph },
    { t: "link", href: "/shop", text: " the shop", link: { kind: "plain" } },
    { t: "image", src: "/media/x.jpg", alt: "never" },
  ]),
});
const gallery: PageBlock = { id: 3, type: "gallery", title: "G", images: [] };

describe("a page's description", () => {
  it.each([
    ["the first hero's text", [gallery, hero("  Made\n by hand "), text("later")], "Made by hand"],
    [
      "a text's paragraphs and link texts, not its pictures",
      [text("Visit", "Or stay")],
      "Visit the shop Or stay the shop",
    ],
    ["an empty hero passed over", [hero(""), text("Next")], "Next the shop"],
    ["nothing without hero or text", [gallery], ""],
  ])("is %s", (_, blocks, expected) => {
    expect(pageDescription(blocks)).toBe(expected);
  });

  it("ends at a word within the limit, marked as cut", () => {
    expect(pageDescription([hero("one two three four five")], 14)).toBe("one two three…");
  });
});
