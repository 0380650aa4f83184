import { describe, expect, it } from "vitest";
import { drawingProcess } from "./drawing-process-client.ts";
import { encodeDrawing, planImage } from "./images.ts";

// The drawing process (decision 0089) runs the TypeScript through tsx here, as the built store runs
// `build/server/drawing-process.js`.
const file = new URL("./drawing-process.ts", import.meta.url);
const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="${fill}"/><circle cx="200" cy="150" r="90" fill="#fff"/></svg>`;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the drawing process", () => {
  it("encodes a drawing's sizes in a process of its own, byte for byte as this process would, and exits when closed", async () => {
    const drawer = drawingProcess(file);
    expect(drawer.pid).toBeUndefined();
    try {
      const image = await planImage(svg("#3a6"), [300, 600]);
      const [there, here] = await Promise.all([
        drawer.encode(svg("#3a6"), image),
        encodeDrawing(svg("#3a6"), image),
      ]);
      const pid = drawer.pid!;
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
      expect(alive(pid)).toBe(true);
      expect(there.map((bytes) => Buffer.isBuffer(bytes))).toEqual(image.sizes.map(() => true));
      expect(there.map((bytes) => bytes.length)).toEqual(here.map((bytes) => bytes.length));
      expect(there.every((bytes, i) => bytes.equals(here[i]!))).toBe(true);
      // A second drawing goes to the same process.
      await drawer.encode(svg("#a36"), await planImage(svg("#a36"), [300]));
      expect(drawer.pid).toBe(pid);

      await drawer.close();
      expect(drawer.pid).toBeUndefined();
      expect(alive(pid)).toBe(false);
      await expect(drawer.encode(svg("#3a6"), image)).rejects.toThrow("closed");
    } finally {
      await drawer.close();
    }
  }, 60_000);

  it("a drawing the process cannot make fails alone; the process dying fails what waits and what follows", async () => {
    const drawer = drawingProcess(file);
    try {
      const image = await planImage(svg("#36a"), [300]);
      await expect(drawer.encode("<svg", image)).rejects.toThrow();
      expect((await drawer.encode(svg("#36a"), image)).length).toBe(image.sizes.length);

      const waiting = drawer.encode(svg("#36a"), image);
      process.kill(drawer.pid!, "SIGKILL");
      await expect(waiting).rejects.toThrow("The drawing process stopped (SIGKILL)");
      await expect(drawer.encode(svg("#36a"), image)).rejects.toThrow("The drawing process stopped");
    } finally {
      await drawer.close();
    }
  }, 60_000);
});
