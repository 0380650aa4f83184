import { describe, expect, it } from "vitest";
import { contentLink } from "./content-links.ts";

describe("contentLink", () => {
  it.each([
    // Service A (YouTube): ids of 10 to 12 letters, digits, _ or -.
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=abc_DEF-12&t=30", "youtube", "abc_DEF-12"],
    ["https://m.youtube.com/watch?v=abcdefghijkl", "youtube", "abcdefghijkl"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    // Service B (Vimeo): numeric ids.
    ["https://vimeo.com/76979871", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
  ])("%s is a %s embed of %s", (href, service, id) => {
    expect(contentLink(href)).toMatchObject({ kind: "embed", service, id });
  });

  it.each([
    ["https://www.youtube.com/watch?v=short", "an id of 5"],
    ["https://www.youtube.com/watch?v=abcdefghijklm", "an id of 13"],
    ["https://www.youtube.com/watch?v=abc$defghij", "a character outside the id's set"],
    ["https://www.youtube.com/@somechannel", "a channel"],
    ["https://www.youtube.com/", "the home page"],
    ["https://vimeo.com/channels/staffpicks", "a Vimeo channel"],
    ["https://vimeo.com/76979871/comments", "a Vimeo sub-page"],
    ["https://vimeo.com/abc", "a non-numeric Vimeo id"],
    ["https://notyoutube.com/watch?v=dQw4w9WgXcQ", "another host"],
    ["javascript:alert(1)", "a script address"],
  ])("%s (%s) is left alone", (href) => {
    expect(contentLink(href)).toEqual({ kind: "plain" });
  });

  it("embeds without cookies (YouTube) and autoplays once opened", () => {
    expect(contentLink("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({
      embed: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    });
    expect(contentLink("https://vimeo.com/76979871")).toMatchObject({
      embed: "https://player.vimeo.com/video/76979871?autoplay=1",
    });
  });

  it.each(["jpg", "JPEG", "png", "webp", "avif"])("a .%s link opens in the lightbox", (extension) => {
    expect(contentLink(`/media/ab/photo.${extension}?v=2#x`)).toEqual({ kind: "image" });
  });

  it.each(["gif", "svg", "pdf", "html"])("a .%s link is a plain link", (extension) => {
    expect(contentLink(`https://example.com/file.${extension}`)).toEqual({ kind: "plain" });
  });

  it("plays .mp4 and .webm files in place", () => {
    expect(contentLink("https://cdn.example/clip.MP4")).toEqual({ kind: "video-file", type: "video/mp4" });
    expect(contentLink("/media/clip.webm")).toEqual({ kind: "video-file", type: "video/webm" });
  });
});
