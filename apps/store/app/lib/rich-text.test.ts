import { describe, expect, it } from "vitest";
import { addContentSources, emptyContentSources, parseRichText } from "./rich-text.ts";

describe("parseRichText", () => {
  it("splits paragraphs on blank lines and joins the lines of one", () => {
    expect(parseRichText("One\nline.\n\n  \nTwo.")).toEqual([
      [{ t: "text", text: "One line." }],
      [{ t: "text", text: "Two." }],
    ]);
  });

  it("reads links and images, classifying each link", () => {
    const [paragraph] = parseRichText(
      "See [the photo](/media/ab/x-1000.jpg), [a video](https://youtu.be/dQw4w9WgXcQ) and ![A mug](https://cdn.example/mug.png).",
    );
    expect(paragraph).toEqual([
      { t: "text", text: "See " },
      { t: "link", href: "/media/ab/x-1000.jpg", text: "the photo", link: { kind: "image" } },
      { t: "text", text: ", " },
      {
        t: "link",
        href: "https://youtu.be/dQw4w9WgXcQ",
        text: "a video",
        link: expect.objectContaining({ kind: "embed", service: "youtube" }),
      },
      { t: "text", text: " and " },
      { t: "image", src: "https://cdn.example/mug.png", alt: "A mug" },
      { t: "text", text: "." },
    ]);
  });

  it("keeps markup as text: HTML, script addresses and protocol-relative addresses never become links", () => {
    for (const source of [
      '<img src=x onerror="alert(1)">',
      "[click](javascript:alert(1))",
      "[click](//evil.example/x)",
      "[click](data:text/html,hi)",
      "![x](vbscript:y)",
    ]) {
      expect(parseRichText(source)).toEqual([[{ t: "text", text: source }]]);
    }
  });

  it("resolves media:{id} through the media library, and leaves an unknown id as text", () => {
    const doc = parseRichText("[big](media:7) [gone](media:8)", (id) =>
      id === 7 ? "/media/ab/seven.jpg" : undefined,
    );
    expect(doc[0]![0]).toMatchObject({ t: "link", href: "/media/ab/seven.jpg", link: { kind: "image" } });
    expect(doc[0]!.at(-1)).toEqual({ t: "text", text: " [gone](media:8)" });
  });

  it("names the other origins a text loads from, by policy directive", () => {
    const sources = emptyContentSources();
    addContentSources(
      parseRichText(
        "[a](https://youtu.be/dQw4w9WgXcQ) [b](https://vimeo.com/76979871) [c](https://youtu.be/aqz-KE-bpKQ) " +
          "[clip](https://cdn.example/clip.mp4) [own clip](/media/clip.webm) ![pic](https://img.example/a.png) " +
          "![own](/media/a.png) [channel](https://www.youtube.com/@channel) [photo](https://photos.example/b.jpg)",
      ),
      sources,
    );
    expect([...sources["frame-src"]].sort()).toEqual([
      "https://player.vimeo.com",
      "https://www.youtube-nocookie.com",
    ]);
    expect([...sources["media-src"]]).toEqual(["https://cdn.example"]);
    // A linked picture opens in the lightbox from its own host too.
    expect([...sources["img-src"]].sort()).toEqual(["https://img.example", "https://photos.example"]);
  });
});
