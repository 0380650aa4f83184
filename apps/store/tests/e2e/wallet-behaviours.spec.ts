import type { Frame, Page } from "@playwright/test";
import { IFRAME_READY, WALLET_REPLIES, type WalletRequest } from "@vitrine/wallet-protocol";
import { expect, test } from "./fixtures.ts";

// The store with express checkout on, and the reference wallet on another site (playwright.config.ts).
const store = `http://127.0.0.1:${process.env.E2E_WALLET_STORE_PORT}`;
const wallet = `http://localhost:${process.env.E2E_WALLET_PORT}`;

test.use({ baseURL: store });

const SESSION_CALL = /wc-ajax=vitrine_payments_get_wallet_session/;

/**
 * A stand-in for the wallet's connect page (the wallet is an outside service): it says it is ready
 * unless `silent`, answers each request with `answers`' value, keeps the requests named in `held`
 * waiting until `release()` is called in it, and notes every message it is sent in `received` (the
 * action) and `values` (what came with it).
 */
function connectStandIn(
  options: {
    answers?: Partial<Record<WalletRequest, unknown>>;
    held?: WalletRequest[];
    silent?: boolean;
  } = {},
): string {
  const replies = Object.fromEntries(
    Object.entries(WALLET_REPLIES).map(([action, reply]) => [action, reply.success]),
  );
  return `<!doctype html><script>
    const replies = ${JSON.stringify(replies)};
    const answers = ${JSON.stringify(options.answers ?? {})};
    const held = new Set(${JSON.stringify(options.held ?? [])});
    const waiting = [];
    window.received = [];
    window.values = [];
    const answer = (action) => parent.postMessage({ action: replies[action], value: answers[action] }, "*");
    window.release = () => waiting.splice(0).forEach(answer);
    ${options.silent ? "" : `parent.postMessage({ action: ${JSON.stringify(IFRAME_READY)} }, "*");`}
    addEventListener("message", (event) => {
      const action = event.data && event.data.action;
      if (typeof action !== "string") return;
      received.push(action);
      values.push(event.data.value);
      if (!(action in replies) || ${options.silent ? "true" : "false"}) return;
      if (held.has(action)) waiting.push(action);
      else answer(action);
    });
  </script>`;
}

/**
 * Serves the wallet's connect page from `standIn(load)` to the frames of the store's pages at `path`
 * and below it (the frame's `source_url`: the listing's infinite scroll moves the shop to
 * `/shop/page/2`), the first frame injected being load 1; answers the URLs it served.
 * Frames of other pages (one being left, say) get the real wallet.
 */
async function standInWallet(page: Page, path: string, standIn: (load: number) => string): Promise<string[]> {
  const served: string[] = [];
  await page.route(`${wallet}/connect/**`, async (route) => {
    const url = new URL(route.request().url());
    const from = new URL(url.searchParams.get("source_url") ?? "", store).pathname;
    if (from !== path && !from.startsWith(`${path}/`)) return route.fallback();
    served.push(url.href);
    await route.fulfill({ contentType: "text/html", body: standIn(served.length) });
  });
  return served;
}

/** Waits until start-up is done and the checkout buttons go through the wallet. */
async function directCheckoutReady(page: Page) {
  await expect(page.locator("html[data-wallet-direct-checkout=ready]")).toHaveCount(1, { timeout: 30_000 });
}

/** The connect frame in the page (there is one once start-up is over: the cookie probe's has gone). */
async function connectFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator("iframe.wallet-connect-frame").elementHandle())!.contentFrame();
  expect(frame, "the connect frame's document").not.toBeNull();
  return frame!;
}

/** What the stand-in in `frame` was sent so far. */
function received(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (window as unknown as { received: string[] }).received);
}

/**
 * Everything the page sent to the connect frame before now has arrived there: a last message from
 * the page to the frame is there (messages between two windows arrive in the order they were sent).
 */
async function messagesArrived(page: Page, frame: Frame) {
  await page.evaluate((origin) => {
    const target = document.querySelector<HTMLIFrameElement>("iframe.wallet-connect-frame")!.contentWindow!;
    target.postMessage({ action: "ping" }, origin);
  }, wallet);
  await expect.poll(() => received(frame)).toContain("ping");
}

/** Third-party cookies blocked, as the wallet's probe finds them: the checkout buttons take the minimal-session path. */
const cookiesBlocked = {
  setTempThirdPartyCookie: true,
  getIsThirdPartyCookiesEnabled: false,
  // Long enough for a held request to wait for the test, however slow the machine.
  getPostMessageTimeout: 120_000,
  isWalletReachable: true,
} satisfies Partial<Record<WalletRequest, unknown>>;

test.describe("express wallet direct checkout, in detail", () => {
  test("the connect frame is injected once and every later request reuses it; it carries the identity of call 10", async ({
    cartWithProduct: { page },
  }) => {
    const served = await standInWallet(page, "/cart", () =>
      connectStandIn({ answers: cookiesBlocked, held: ["isWalletReachable"] }),
    );
    await page.goto("/cart");
    await directCheckoutReady(page);
    // Two frames so far: the cookie probe's, which asked two things of one frame and is gone, and the
    // connect frame, injected on start-up's first request (the time-out) and still there.
    expect(served).toHaveLength(2);
    await expect(page.locator("iframe.wallet-connect-frame")).toHaveCount(1);
    const frame = await connectFrame(page);
    expect(frame.url()).toBe(served[1]);
    // The probe is a connector of its own; the connect frame is told who the shopper is (call 10: a
    // guest with a cart, by an anonymous id).
    expect(new URL(served[0]!).searchParams.has("tracksUserIdentity")).toBe(false);
    expect(new URL(served[1]!).searchParams.get("tracksUserIdentity")).toMatch(/^anon:[0-9a-f]{24}$/);

    // The click asks the ready frame again: no new frame, the same document gets the request.
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    await expect.poll(() => received(frame)).toEqual(["getPostMessageTimeout", "isWalletReachable"]);
    expect(served).toHaveLength(2);
    await expect(page.locator("iframe.wallet-connect-frame")).toHaveCount(1);
    await frame.evaluate(() => (window as unknown as { release: () => void }).release());
    await expect(page).toHaveURL(new RegExp(`^${wallet}/login\\?return_to=`));
    expect(served).toHaveLength(2);
  });

  test("a connect frame that never says it is ready is given up after the time-out, and the next request injects a new one", async ({
    cartWithProduct: { page },
  }) => {
    // The wallet's first two frames (the cookie probe's and the connect frame) never answer; the third does.
    const served = await standInWallet(page, "/cart", (load) =>
      connectStandIn({ answers: cookiesBlocked, silent: load <= 2 }),
    );
    await page.clock.install();
    await page.goto("/cart");
    // Each frame waits 5000 ms for its ready: the page's clock jumps over the wait once the frame is there.
    await expect.poll(() => served.length).toBe(1);
    await page.clock.fastForward(5000);
    await expect.poll(() => served.length).toBe(2);
    await page.clock.fastForward(5000);
    await directCheckoutReady(page);
    expect(served).toHaveLength(2);
    // The click's request finds no frame ready and injects a third, which answers: off to the wallet.
    await page.getByRole("link", { name: "Proceed to checkout" }).first().click();
    await expect(page).toHaveURL(new RegExp(`^${wallet}/login\\?return_to=`));
    expect(served).toHaveLength(3);
  });

  test("an add to cart fetches the wallet's session data again, and the checkout hands the wallet that one", async ({
    cartWithProduct: { page, name },
  }) => {
    // Third-party cookies work and the shopper is logged in to the wallet: the page prefetches.
    await standInWallet(page, "/shop", () =>
      connectStandIn({
        answers: {
          setTempThirdPartyCookie: true,
          getIsThirdPartyCookiesEnabled: true,
          getPostMessageTimeout: 120_000,
          getIsUserLoggedIn: true,
          getEncryptedData: null,
        },
        held: ["setRedirectSessionData"],
      }),
    );
    // Narrow: an add opens the cart drawer, which stays open (the wide dropdown closes by itself).
    await page.setViewportSize({ width: 800, height: 1000 });
    const startUp = page.waitForResponse(SESSION_CALL, { timeout: 30_000 });
    await page.goto("/shop");
    const prefetched = await (await startUp).json();
    await directCheckoutReady(page);
    await page.locator("html[data-cart-client=ready]").waitFor({ state: "attached" });

    const again = page.waitForResponse(SESSION_CALL, { timeout: 15_000 });
    const other = page
      .locator("li.product-small")
      .filter({ has: page.getByRole("button", { name: /^Add to cart:/ }) })
      .filter({ hasNot: page.getByRole("link", { name, exact: true }) })
      .first();
    await other.getByRole("button", { name: /^Add to cart:/ }).click();
    const refetched = await again;
    expect(refetched.ok()).toBe(true);
    const current = await refetched.json();
    expect(current).not.toEqual(prefetched);

    // The add opened the cart drawer (off-canvas cart, narrow window): its checkout button goes to the wallet.
    const drawer = page.getByRole("dialog", { name: "Cart" });
    await expect(drawer.getByRole("spinbutton")).toHaveCount(2);
    await drawer.getByRole("link", { name: "Proceed to checkout" }).click();
    const frame = await connectFrame(page);
    await expect.poll(() => received(frame)).toContain("setRedirectSessionData");
    const handed = await frame.evaluate(() => {
      const standIn = window as unknown as { received: string[]; values: unknown[] };
      return standIn.values[standIn.received.indexOf("setRedirectSessionData")];
    });
    // The session fetched after the add (the cart now), not the one fetched on start-up.
    expect(handed).toEqual(current);
  });

  test("a checkout button shows a spinner on the way to the wallet, and a second click does not start again", async ({
    cartWithProduct: { page },
  }) => {
    await standInWallet(page, "/cart", () =>
      connectStandIn({ answers: cookiesBlocked, held: ["isWalletReachable"] }),
    );
    await page.goto("/cart");
    await directCheckoutReady(page);
    const frame = await connectFrame(page);
    // By its classes: once clicked, the page behind the "Please wait..." overlay is inert.
    const button = page.locator(".wc-proceed-to-checkout .checkout-button").first();
    await expect(button).toHaveText("Proceed to checkout");

    // A double click: the first starts the way to the wallet, which the stand-in keeps waiting.
    await button.dblclick();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(button).toHaveClass(/\bwallet-loading\b/);
    expect(
      await button.evaluate((link) => getComputedStyle(link, "::after").animationName),
      "the spinner over the button",
    ).toBe("wallet-spin");
    await expect(page.getByRole("alert").filter({ hasText: "Please wait..." })).toBeVisible();
    // The page's overlay takes the second click of the double click; a click that still reaches the
    // button (a script's, say) is swallowed too.
    await button.dispatchEvent("click");
    await messagesArrived(page, frame);
    expect((await received(frame)).filter((action) => action === "isWalletReachable")).toHaveLength(1);

    await frame.evaluate(() => (window as unknown as { release: () => void }).release());
    await expect(page).toHaveURL(new RegExp(`^${wallet}/login\\?return_to=`));
  });
});
