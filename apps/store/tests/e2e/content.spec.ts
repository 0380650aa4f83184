import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { axe } from "./support.ts";

/** Hydrated: the root's effects have run (the route modules alone may still be hydrating). */
const hydrated = (page: Page) => page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
const story = (page: Page) => page.locator(".rich-text").first();
const EMBEDS = /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//;

/** The video services are out of reach: a small stand-in answers for them at the network edge. */
async function fakeVideoServices(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(EMBEDS, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>player</title><p>player</p>",
    });
  });
  return asked;
}

test.describe("content with pictures and videos", () => {
  for (const [locale, texts] of [
    [
      "en",
      {
        first: "the first sketch",
        second: "the finished pattern",
        film: "the open film of our favourite studio",
        vimeo: "its Vimeo cut",
        channel: "the studio's channel",
        next: "Next",
        previous: "Previous",
        play: "Play the video: its Vimeo cut",
        video: "Video: its Vimeo cut",
        gallery: "Image gallery",
        failed: "The image #2 could not be loaded.",
      },
    ],
    [
      "es",
      {
        first: "el primer boceto",
        second: "el estampado terminado",
        film: "la película abierta de nuestro estudio favorito",
        vimeo: "su versión en Vimeo",
        channel: "el canal del estudio",
        next: "Siguiente",
        previous: "Anterior",
        play: "Reproducir el vídeo: su versión en Vimeo",
        video: "Vídeo: su versión en Vimeo",
        gallery: "Galería de imágenes",
        failed: "No se ha podido cargar la imagen n.º 2.",
      },
    ],
  ] as const) {
    test(`(${locale}) picture links open in the block's lightbox gallery, which preloads its neighbours`, async ({
      page,
    }) => {
      const lightboxChunks: string[] = [];
      page.on("request", (request) => {
        if (/content-lightbox-[\w-]+\.js$/.test(request.url())) lightboxChunks.push(request.url());
      });
      await page.goto(`/?lang=${locale}`);
      await hydrated(page);
      const first = story(page).getByRole("link", { name: texts.first, exact: true });
      const second = story(page).getByRole("link", { name: texts.second, exact: true });
      const secondHref = (await second.getAttribute("href"))!;
      expect(lightboxChunks).toHaveLength(0);

      const neighbour = page.waitForRequest((request) => request.url().endsWith(secondHref));
      await first.click();
      const lightbox = page.getByRole("dialog");
      await expect(lightbox.locator('img[data-lightbox-image="1"]')).toBeVisible();
      await neighbour;
      expect(lightboxChunks).toHaveLength(1);
      expect(
        (await axe(page).analyze()).violations.filter(
          (v) => v.impact === "serious" || v.impact === "critical",
        ),
      ).toEqual([]);
      await lightbox.getByRole("button", { name: texts.next }).click();
      await expect(lightbox.locator('img[data-lightbox-image="2"]')).toBeInViewport();
      await page.keyboard.press("Escape");
      await expect(lightbox).toBeHidden();
      expect(page.url()).not.toContain("/media/");
    });

    test(`(${locale}) a picture that fails says which one, with a link to it`, async ({ page }) => {
      await page.goto(`/?lang=${locale}`);
      await hydrated(page);
      const secondHref = (await story(page)
        .getByRole("link", { name: texts.second, exact: true })
        .getAttribute("href"))!;
      await page.route(`**${secondHref}`, (route) => route.abort());
      await story(page).getByRole("link", { name: texts.first, exact: true }).click();
      const lightbox = page.getByRole("dialog");
      await lightbox.getByRole("button", { name: texts.next }).click();
      const failure = lightbox.getByRole("link", { name: texts.failed });
      await expect(failure).toBeInViewport();
      await expect(failure).toHaveAttribute("href", secondHref);
    });

    test(`(${locale}) video links of both services open as embeds, loaded only when opened; others stay links`, async ({
      page,
    }) => {
      const asked = await fakeVideoServices(page);
      const answer = await page.goto(`/?lang=${locale}`);
      // The policy allows the two embed hosts on this page, and only on pages that embed them.
      const policy = answer!.headers()["content-security-policy"]!;
      expect(policy).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
      expect(policy).toMatch(/frame-src [^;]*https:\/\/player\.vimeo\.com/);
      const shop = await page.request.get("/shop");
      expect(shop.headers()["content-security-policy"]).not.toContain("youtube-nocookie");
      await hydrated(page);

      const channel = story(page).getByRole("link", { name: texts.channel, exact: true });
      await expect(channel).toHaveAttribute("href", "https://www.youtube.com/@blender");
      await expect(channel).not.toHaveAttribute("data-lightbox", /./);
      expect(asked).toEqual([]);

      await story(page).getByRole("link", { name: texts.film, exact: true }).click();
      const lightbox = page.getByRole("dialog");
      const embed = lightbox.locator("iframe.content-embed");
      await expect(embed).toHaveAttribute(
        "src",
        "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1",
      );
      await expect(embed).toHaveAttribute("title", texts.film);
      await expect(embed).toHaveCount(1);
      await expect
        .poll(() => asked)
        .toEqual(["https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1"]);

      // The next video waits for the shopper: its placeholder, nothing asked of its host.
      await lightbox.getByRole("button", { name: texts.next }).click();
      await expect(lightbox.getByRole("button", { name: texts.play })).toBeInViewport();
      await expect(embed).toHaveCount(0);
      await lightbox.getByRole("button", { name: texts.play }).click();
      await expect(embed).toHaveAttribute("src", "https://player.vimeo.com/video/1084537?autoplay=1");
      await expect(embed).toHaveCount(1);
      await expect
        .poll(() => asked)
        .toEqual([
          "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1",
          "https://player.vimeo.com/video/1084537?autoplay=1",
        ]);
    });

    test(`(${locale}) a picture beside a video asks nothing of the video's host; the video plays only when asked`, async ({
      page,
    }) => {
      const asked = await fakeVideoServices(page);
      await page.goto(`/?lang=${locale}`);
      await hydrated(page);
      await story(page).getByRole("link", { name: texts.first, exact: true }).click();
      const lightbox = page.getByRole("dialog");
      await expect(lightbox.locator('img[data-lightbox-image="1"]')).toBeVisible();
      await expect(lightbox).toHaveAccessibleName(texts.gallery);
      // The neighbours are drawn (the slide before the first is the last, the Vimeo video), but a
      // video's neighbour is our own placeholder, never a picture of the player's address.
      await expect(lightbox.locator(".content-video-placeholder")).not.toHaveCount(0);
      expect(
        await lightbox.locator("img").evaluateAll((images) => images.map((i) => (i as HTMLImageElement).src)),
      ).not.toContainEqual(expect.stringMatching(EMBEDS));

      // ← from the first picture shows the video's placeholder: it does not start on its own.
      await page.keyboard.press("ArrowLeft");
      const play = lightbox.getByRole("button", { name: texts.play });
      await expect(play).toBeInViewport();
      await expect(lightbox).toHaveAccessibleName(texts.video);
      await expect(lightbox.locator("iframe")).toHaveCount(0);
      expect(
        (await axe(page).analyze()).violations.filter(
          (v) => v.impact === "serious" || v.impact === "critical",
        ),
      ).toEqual([]);
      expect(asked).toEqual([]);

      await play.click();
      await expect(lightbox.locator("iframe.content-embed")).toHaveAttribute(
        "src",
        "https://player.vimeo.com/video/1084537?autoplay=1",
      );
      await expect.poll(() => asked).toEqual(["https://player.vimeo.com/video/1084537?autoplay=1"]);

      // Leaving the video stops it; the picture gallery's name comes back.
      await lightbox.getByRole("button", { name: texts.next }).click();
      await expect(lightbox.locator('img[data-lightbox-image="1"]')).toBeInViewport();
      await expect(lightbox).toHaveAccessibleName(texts.gallery);
      await expect(lightbox.locator("iframe")).toHaveCount(0);
      expect(asked).toHaveLength(1);
    });
  }

  test("video files play in place, in a player with controls, with or without JavaScript", async ({
    browser,
    baseURL,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, baseURL });
      const page = await context.newPage();
      const answer = await page.goto("/");
      const player = story(page).locator("video.content-video");
      await expect(player).toHaveAttribute("controls", "");
      await expect(player).toHaveAttribute("preload", "none");
      await expect(player.locator("source")).toHaveAttribute("type", "video/mp4");
      const source = (await player.locator("source").getAttribute("src"))!;
      expect(answer!.headers()["content-security-policy"]).toMatch(
        new RegExp(`media-src 'self' ${new URL(source).origin.replace(/\./g, "\\.")}`),
      );
      await context.close();
    }
  });

  test("without JavaScript, a picture link is a plain link to the picture", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    const first = story(page).getByRole("link", { name: "the first sketch", exact: true });
    const href = (await first.getAttribute("href"))!;
    await first.click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await context.close();
  });
});
