import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { picturesDrawn } from "../built-store.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Decision 0089: a first start draws the demo's pictures in a child process of the store, which
 * exits once the last is written. A media folder of its own, so every picture is drawn here (the
 * test stores share one whose pictures are drawn already).
 */
test("a first start draws the demo's pictures in a process of its own, gone once they are drawn", async ({
  spareStore,
}) => {
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-drawn-"));
  try {
    const spare = await spareStore({ SEED_DEMO: "on", MEDIA_DIR: mediaDir, LOG_LEVEL: "info" });
    await picturesDrawn(spare.origin);
    // /healthz says "ready" once the last picture's row is written; the line saying who drew them
    // comes after it, through the store's output pipe.
    const drawnLine = () =>
      spare
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; drawn?: number; drawnBy?: number })
        .find((line) => line.msg === "demo images drawn");
    await expect.poll(drawnLine).toBeDefined();
    const drawn = drawnLine();
    expect(drawn?.drawn).toBeGreaterThan(50);
    const drawnBy = drawn!.drawnBy!;
    expect(drawnBy).toBeGreaterThan(0);
    // The process that drew them is gone while the store still serves: not the store's own.
    await expect.poll(() => exists(drawnBy)).toBe(false);
    expect((await fetch(`${spare.origin}/healthz`)).status).toBe(200);

    // What it drew is served as drawn, not as the placeholder drawing.
    const home = await (await fetch(`${spare.origin}/`)).text();
    const picture = home.match(/\/media\/[0-9a-f]{2}\/[0-9a-f]{16}-\d+\.avif/)![0];
    const response = await fetch(spare.origin + picture);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("x-media-placeholder")).toBeNull();
  } finally {
    rmSync(mediaDir, { recursive: true, force: true });
  }
  // Drawing 107 pictures takes seconds on a quiet machine, minutes on a busy one.
}, 300_000);

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
