import { describe, expect, it } from "vitest";
import { type ImageSource, imageSources, renditionsOf } from "./media.ts";

const spelled = (stem: string, widths: number[]): ImageSource[] =>
  (
    [
      ["image/avif", "avif"],
      ["image/webp", "webp"],
      ["image/jpeg", "jpg"],
    ] as const
  ).map(([type, extension]) => ({
    type,
    srcSet: widths.map((width) => `${stem}${width}.${extension} ${width}w`).join(", "),
  }));
const view = {
  id: 7,
  alt: "A tee",
  width: 600,
  height: 600,
  src: "/media/84/x-600.jpg",
  large: "/media/84/x-1000.jpg",
};

describe("a picture's sources as a stem and widths (issue 45)", () => {
  it("the demo's and uploads' names, under /media or a bucket's address, travel compact and come back the same", () => {
    for (const [stem, widths] of [
      ["/media/84/847787b519b766b8-", [300, 600, 1000]],
      ["/media/5e/5e8afe3618b779b4-m12-", [300, 600, 1000, 1600]],
      ["https://cdn.example.com/shop/ab/ab12cd34ef56ab78-m3-", [300]],
    ] as const) {
      const sources = spelled(stem, [...widths]);
      const compact = renditionsOf(sources, view.src);
      expect(compact).toEqual({ stem, widths });
      expect(imageSources({ ...view, ...compact! })).toEqual(sources);
      expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(sources).length / 3);
    }
  });

  it("sources named otherwise, or missing a format or a width, travel whole", () => {
    const whole = spelled("/media/84/847787b519b766b8-", [300, 600]);
    const cases: ImageSource[][] = [
      whole.filter((source) => source.type !== "image/webp"),
      whole.map((source) =>
        source.type === "image/avif" ? { ...source, srcSet: source.srcSet.split(", ")[0]! } : source,
      ),
      whole.map((source) => ({ ...source, srcSet: source.srcSet.replace("-600.", "-big.") })),
      [{ type: "image/jpeg", srcSet: "/media/ab/photo.jpg 800w" }],
      [],
    ];
    for (const sources of cases) {
      expect(renditionsOf(sources, view.src)).toBeUndefined();
      expect(imageSources({ ...view, sources })).toBe(sources);
    }
  });
});
