import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { ADMIN, bearer, DEMO_STORE, expect, hydrated, test } from "./fixtures.ts";
import { axe, launchChromium, signInByForm } from "./support.ts";

/**
 * The photo feed block (spec §3, §5, §7 call 7, §8; decision 0029): loaded with
 * `GET /ajax?action=vitrine_load_photofeed&data=…` when it comes near the viewport, from the media
 * library (the demo) or from a Graph-style photo service, stood in for by a small fake on loopback.
 */
const FEED_CALL = /\/ajax\?action=vitrine_load_photofeed&data=/;
const serious = async (page: Page) =>
  (await axe(page).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");

const texts = {
  en: {
    title: "From our studio",
    close: "Close",
    noScript: "Turn on JavaScript to see the photos.",
    error: "Social feed error: ",
    newTab: "(opens in a new tab)",
  },
  es: {
    title: "Desde nuestro estudio",
    close: "Cerrar",
    noScript: "Activa JavaScript para ver las fotos.",
    error: "Error de la galería de la red social: ",
    newTab: "(se abre en una pestaña nueva)",
  },
} as const;

for (const locale of ["en", "es"] as const) {
  const t = texts[locale];

  test(`(${locale}) the demo's feed asks for its photos as it comes near, shows the media library's and opens them in the lightbox`, async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (FEED_CALL.test(request.url())) asked.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/?lang=${locale}`);
    await hydrated(page);
    const block = page.getByRole("region", { name: t.title });
    const photos = block.locator(".photo-feed li a");
    // Far below the first screen: not asked for yet.
    await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });
    expect(asked).toEqual([]);

    const answered = page.waitForResponse(FEED_CALL);
    await block.scrollIntoViewIfNeeded();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { success: boolean; data: string };
    expect(body.success).toBe(true);
    expect(body.data).toMatch(/^<div class="photofeed" lang="(en|es)">/);
    await expect(photos).toHaveCount(8);
    expect(asked).toHaveLength(1);
    await expect(photos.first()).toHaveAttribute("href", /^\/media\/.+\.jpg$/);
    await expect(photos.first().locator("img")).toHaveJSProperty("complete", true);

    await photos.nth(1).click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox.locator("img").first()).toBeVisible();
    expect(await serious(page)).toEqual([]);
    await lightbox.getByRole("button", { name: t.close }).click();
    await expect(lightbox).toHaveCount(0);
    expect(page.url()).not.toContain("/media/");
  });

  test(`(${locale}) without JavaScript the feed says what it needs, and asks for nothing`, async ({
    baseURL,
  }) => {
    // Scripts off in the browser's settings, so that its parser shows `<noscript>` as a real one does.
    const plain = await launchChromium(["--blink-settings=scriptEnabled=false"]);
    const page = await plain.newPage({ baseURL });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (FEED_CALL.test(request.url())) asked.push(request.url());
    });
    await page.goto(`/?lang=${locale}`);
    const block = page.getByRole("region", { name: t.title });
    await block.scrollIntoViewIfNeeded();
    // (Playwright's text matching skips `<noscript>`, so the paragraph is found by its place.)
    const message = block.locator("noscript > p");
    await expect(message).toBeVisible();
    await expect(message).toHaveText(t.noScript);
    expect(asked).toEqual([]);
    await plain.close();
  });
}

/** A stand-in for the photo service: `/me/media` answers per `mode`, pictures from `/pictures/`. */
async function fakePhotoService(): Promise<{
  origin: string;
  mode: { current: "photos" | "error" | "broken" };
  asked: string[];
  server: Server;
}> {
  const mode = { current: "photos" as "photos" | "error" | "broken" };
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/pictures/")) {
      res.writeHead(200, { "Content-Type": "image/svg+xml" });
      res.end(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="teal"/></svg>',
      );
      return;
    }
    asked.push(url.pathname + url.search);
    if (url.pathname !== "/me/media" || url.searchParams.get("access_token") !== "fake-token") {
      res.writeHead(404).end();
    } else if (mode.current === "error") {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
        }),
      );
    } else if (mode.current === "broken") {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<html>maintenance</html>");
    } else {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          data: [1, 2, 3].map((n) => ({
            id: `17${n}`,
            caption: `Studio photo ${n}`,
            media_type: n === 3 ? "VIDEO" : "IMAGE",
            media_url: `${origin}/pictures/${n}.svg`,
            thumbnail_url: n === 3 ? `${origin}/pictures/${n}-poster.svg` : undefined,
            permalink: `https://photos.example/p/${n}`,
          })),
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, mode, asked, server };
}

test("a Graph-style photo service: its photos open on the service; its errors reach staff only; an invalid answer is only logged", async ({
  browser,
  sharedStore,
}) => {
  test.setTimeout(120_000);
  const fake = await fakePhotoService();

  const { origin } = await sharedStore(DEMO_STORE);
  const guestContext = await browser.newContext({ baseURL: origin });
  const guest = await guestContext.newPage();
  const { token } = (await (
    await guest.request.post(`${origin}/api/vitrine/v2/auth/token`, { data: ADMIN })
  ).json()) as { token: string };
  const changed = await guest.request.put(`${origin}/api/vitrine/v2/settings`, {
    headers: bearer(token),
    data: {
      photo_feed: {
        provider: "graph",
        graph: {
          endpoint: fake.origin,
          token: "fake-token",
          mediaOrigins: [],
          timeoutMs: 3000,
          cacheSeconds: 0,
        },
      },
    },
  });
  expect(changed.status()).toBe(200);
  // The token never comes back.
  expect(JSON.stringify(await changed.json())).not.toContain("fake-token");

  /** Opens `path` and brings the feed block near: its call's answer. */
  const showFeed = async (page: Page, path: string) => {
    const answered = page.waitForResponse(FEED_CALL);
    const opened = await page.goto(path);
    await hydrated(page);
    // The block may already be near (the page may come back scrolled), and may go once answered.
    await page.evaluate(() => document.querySelector(".photo-feed-block")?.scrollIntoView());
    return { page: opened!, answer: await answered };
  };

  await test.step("the service's photos, linked to their posts, pictures allowed by the page's policy", async () => {
    const { page: opened } = await showFeed(guest, "/");
    expect(opened.headers()["content-security-policy"]).toMatch(
      new RegExp(`img-src [^;]*${fake.origin.replace(/[.:/]/g, "\\$&")}`),
    );
    const photos = guest.locator(".photo-feed li a");
    await expect(photos).toHaveCount(3);
    await expect(photos.first()).toHaveAttribute("href", "https://photos.example/p/1");
    await expect(photos.first()).toHaveAttribute("target", "_blank");
    await expect(photos.first()).toHaveAttribute("rel", /noopener/);
    await expect(photos.first()).toHaveAccessibleName(`Studio photo 1 ${texts.en.newTab}`);
    // A video shows its poster.
    await expect(photos.nth(2).locator("img")).toHaveAttribute("src", `${fake.origin}/pictures/3-poster.svg`);
    await expect
      .poll(() =>
        photos
          .locator("img")
          .evaluateAll((images) => images.map((i) => (i as HTMLImageElement).naturalWidth)),
      )
      .toEqual([40, 40, 40]);
    expect(fake.asked.every((asked) => asked.startsWith("/me/media?"))).toBe(true);
  });

  fake.mode.current = "error";
  await test.step("a failing service: guests lose the block and the console says why; staff read it inline", async () => {
    const errors: string[] = [];
    guest.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const { answer } = await showFeed(guest, "/");
    expect(answer.status()).toBe(502);
    expect(((await answer.json()) as { success: boolean }).success).toBe(false);
    await expect(guest.locator(".photo-feed-block")).toHaveCount(0);
    await expect(guest.getByRole("heading", { name: texts.en.title })).toHaveCount(0);
    expect(errors.some((text) => text.startsWith(texts.en.error))).toBe(true);
    expect(errors.join("\n")).not.toContain("OAuth");

    for (const locale of ["en", "es"] as const) {
      const staffContext = await browser.newContext({ baseURL: origin });
      await staffContext.addCookies([{ name: "googtrans", value: `/en/${locale}`, url: origin }]);
      const staff = await staffContext.newPage();
      await signInByForm(staff, ADMIN);
      await showFeed(staff, "/");
      await expect(staff.locator(".photo-feed-block").getByRole("alert")).toHaveText(
        `${texts[locale].error}Invalid OAuth access token.`,
      );
      expect(await serious(staff)).toEqual([]);

      // An answer that is not the call's (a proxy's error page) is only logged, for staff too.
      const logged: string[] = [];
      staff.on("console", (message) => {
        if (message.type() === "error") logged.push(message.text());
      });
      await staff.route(FEED_CALL, (route) =>
        route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" }),
      );
      await showFeed(staff, "/");
      await expect
        .poll(() => logged)
        .toContain(
          locale === "en"
            ? "The photo feed sent an invalid response."
            : "La galería de fotos envió una respuesta no válida.",
        );
      await expect(staff.getByRole("alert")).toHaveCount(0);
      await staffContext.close();
    }
  });
  await guestContext.close();
  fake.server.close();
});

test("the feed call refuses data that is not a block's data string", async ({ request }) => {
  for (const query of ["", "&data[]=x", "&data[a]=b", "&data=not-a-block", "&data="]) {
    const answer = await request.get(`/ajax?action=vitrine_load_photofeed${query}`);
    expect(answer.status(), query).toBe(400);
    expect(await answer.json(), query).toMatchObject({ success: false, data: "Invalid data" });
  }
});
