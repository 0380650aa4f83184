import { expect, hydrated, test } from "./fixtures.ts";

/**
 * A page's scripts start after its first frame (decision 0087): the document carries no module
 * preloads and no runnable module script, so the browser spends the connection and the first frame
 * on the page and its pictures; a small script then brings both back once the page has painted, and
 * the page hydrates as React Router's `<Scripts>` rendered it, without an error.
 */
for (const [name, path] of [
  ["the home page", "/"],
  ["the shop", "/shop"],
  ["a product page", "/product/classic-cotton-t-shirt"],
] as const) {
  test(`${name} asks for its modules only after its first frame, then hydrates without an error`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    // The first frame's callback runs before that frame is painted.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrame: number }).firstFrame = performance.now();
      });
    });
    await page.goto(path);
    await hydrated(page);

    const seen = await page.evaluate(() => ({
      firstFrame: (window as unknown as { firstFrame?: number }).firstFrame ?? null,
      modules: performance
        .getEntriesByType("resource")
        .filter((entry) => /^\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      inert: document.querySelectorAll('script[type="vitrine/module"]').length,
      routeModules: "__reactRouterRouteModules" in window,
    }));
    expect(seen.firstFrame).not.toBeNull();
    expect(seen.modules.length).toBeGreaterThan(3);
    for (const module of seen.modules)
      expect(module.start, `${module.path} asked for before the first frame`).toBeGreaterThanOrEqual(
        seen.firstFrame!,
      );
    // The module script ran in the inert one's place (which React Router may since have removed).
    expect(seen.inert).toBe(0);
    expect(seen.routeModules).toBe(true);
    expect(errors).toEqual([]);
  });
}
