import { createHmac, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { isEncryptedSessionData, walletOrigin } from "@vitrine/wallet-protocol";
import {
  decryptSessionData,
  deriveWalletKeys,
  type SealedSession,
  signWalletRequest,
  WALLET_SIGNATURE_HEADER,
  WALLET_TIMESTAMP_HEADER,
  type WalletSessionPayload,
  walletSessionPayloadSchema,
} from "@vitrine/wallet-protocol/crypto";
import express, { type Request, type Response } from "express";
import type { WalletConfig } from "./config.ts";
import { connectScript } from "./connect-script.ts";
import { escapeHtml, formatMoney, page } from "./html.ts";

const LOGIN_COOKIE = "wallet_login";
const TEMP_COOKIE = "wallet_tpc";
const HOUR = 3_600_000;

type Account = { email: string; salt: Buffer; hash: Buffer; billing: Record<string, string> };
type Checkout = {
  sealed: SealedSession;
  blogId: string;
  payload: WalletSessionPayload;
  paymentId: string;
  result?: { orderReceivedUrl: string };
};

function cookiesOf(req: Request): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const pair of (req.headers.cookie ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) jar[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return jar;
}

/**
 * The reference hosted wallet: the connect iframe and its protocol, wallet accounts, and the hosted
 * checkout that decrypts the store's sealed session, takes the (pretend) payment and places the paid
 * order at the store with a signed server-to-server call. State lives in memory: it is a stand-in for
 * an outside service, for development and tests.
 */
export function createWalletApp(config: WalletConfig, options: { fetch?: typeof fetch } = {}) {
  const send = options.fetch ?? fetch;
  const keys = deriveWalletKeys(config.sharedSecret);
  const storeOrigin = walletOrigin(config.storeUrl)!;
  // Cross-site from the store's pages: SameSite=None, which browsers accept only with Secure
  // (http://127.0.0.1 and localhost count as secure).
  const cookie = (name: string, value: string, maxAgeMs: number) =>
    `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; HttpOnly; SameSite=None; Secure`;

  const salt = randomBytes(16);
  const accounts = new Map<string, Account>([
    [
      config.demo.email,
      {
        email: config.demo.email,
        salt,
        hash: scryptSync(config.demo.password, salt, 32),
        billing: {
          first_name: "Demo",
          last_name: "Shopper",
          address_1: "1 Wallet Way",
          city: "London",
          postcode: "N1 1AA",
          country: "GB",
          state: "",
          email: config.demo.email,
          phone: "+44 20 7946 0000",
        },
      },
    ],
  ]);
  const logins = new Map<string, { email: string; expires: number }>();
  const checkouts = new Map<string, Checkout>();

  const signedIn = (req: Request): Account | null => {
    const login = logins.get(cookiesOf(req)[LOGIN_COOKIE] ?? "");
    if (!login || login.expires < Date.now()) return null;
    return accounts.get(login.email) ?? null;
  };
  /** A form token tied to the login (or to the checkout for the login form): no cross-site posts. */
  const formToken = (scope: string) => createHmac("sha256", keys.mac).update(`form:${scope}`).digest("hex");

  /** Verifies and opens a sealed session for a new hosted checkout; null when anything is off. */
  const openCheckout = (blogId: unknown, sealed: unknown): string | null => {
    const value = { blog_id: blogId, data: sealed };
    if (!isEncryptedSessionData(value)) return null;
    try {
      const payload = walletSessionPayloadSchema.parse(decryptSessionData(value.data, keys));
      if (payload.blog_id !== value.blog_id || payload.expires_at < Date.now()) return null;
      const key = randomBytes(18).toString("base64url");
      checkouts.set(key, {
        sealed: value.data,
        blogId: value.blog_id,
        payload,
        paymentId: `pay_${randomBytes(12).toString("hex")}`,
      });
      return key;
    } catch {
      return null;
    }
  };

  const app = express();
  app.disable("x-powered-by");
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    next();
  });
  const csp = (res: Response, frameAncestors: string) =>
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self'; script-src 'nonce-${res.locals.nonce}'; style-src 'unsafe-inline'; form-action 'self' ${storeOrigin}; frame-ancestors ${frameAncestors}; base-uri 'none'`,
    );

  app.get("/", (req, res) => {
    csp(res, "'none'");
    const account = signedIn(req);
    res
      .type("html")
      .send(
        page(
          "Wallet",
          account
            ? `<p>Signed in as ${escapeHtml(account.email)}.</p>`
            : '<p><a href="/login">Log in</a> to pay in one step at the stores you visit.</p>',
        ),
      );
  });

  app.get("/healthz", (_req, res) => {
    res.json({ ok: true });
  });

  app.get("/connect/", (req, res) => {
    const source = typeof req.query.source_url === "string" ? walletOrigin(req.query.source_url) : null;
    // Only the store this wallet serves may frame the connect page and talk to it.
    if (source !== storeOrigin) {
      res.status(400).type("text").send("Unknown source_url.");
      return;
    }
    csp(res, storeOrigin);
    res.type("html").send(
      page("Wallet connect", "", {
        nonce: res.locals.nonce,
        script: connectScript({ parentOrigin: storeOrigin, timeoutMs: config.postMessageTimeoutMs }),
      }),
    );
  });

  const api = express.Router();
  api.use(express.json({ limit: "256kb" }));
  api.use((req, res, next) => {
    // The API answers the wallet's own pages (the connect frame), never another site's script.
    const from = req.headers.origin;
    if (from !== undefined && from !== walletOrigin(config.host)) {
      res.status(403).json({ code: "cross_site", message: "Cross-site requests are not allowed." });
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.get("/session", (req, res) => {
    const account = signedIn(req);
    res.json({
      logged_in: account !== null,
      encrypted_data: account ? { wallet_user: formToken(account.email).slice(0, 16) } : null,
    });
  });
  api.post("/tpc/set", (_req, res) => {
    res.setHeader("Set-Cookie", cookie(TEMP_COOKIE, "1", 60_000));
    res.json({ set: true });
  });
  api.get("/tpc/check", (req, res) => {
    res.json({ enabled: cookiesOf(req)[TEMP_COOKIE] === "1" });
  });
  api.post("/redirect-session", (req, res) => {
    if (!signedIn(req)) {
      res.status(401).json({ is_error: true, message: "Not logged in to the wallet." });
      return;
    }
    const body = req.body as { blog_id?: unknown; data?: unknown } | null;
    const key = openCheckout(body?.blog_id, body?.data);
    if (!key) {
      res.status(400).json({ is_error: true, message: "Invalid encrypted session data." });
      return;
    }
    res.json({ redirect_url: `${config.host}/checkout/?platform_checkout_key=${key}` });
  });
  api.post("/preemptive-session", (req, res) => {
    const body = req.body as { blog_id?: unknown; data?: unknown } | null;
    res.status(openCheckout(body?.blog_id, body?.data) ? 200 : 400).json({ ok: true });
  });
  app.use("/api", api);

  // The minimal-session redirect (third-party cookies blocked): the sealed session comes in the URL.
  app.get("/wallet/", (req, res) => {
    const { blog_id, session, iv, hash } = req.query;
    const key = req.query.checkout_redirect === "1" ? openCheckout(blog_id, { session, iv, hash }) : null;
    if (!key) {
      csp(res, "'none'");
      res
        .status(400)
        .type("html")
        .send(page("This checkout link is not valid", "<p>Go back to the store and try again.</p>"));
      return;
    }
    res.redirect(303, `/checkout/?platform_checkout_key=${key}`);
  });

  app.get("/login", (req, res) => {
    csp(res, "'none'");
    const back =
      typeof req.query.return_to === "string" &&
      req.query.return_to.startsWith("/") &&
      !req.query.return_to.startsWith("//")
        ? req.query.return_to
        : "/";
    res.type("html").send(loginPage(back, formToken("login"), req.query.failed === "1"));
  });
  app.post("/login", express.urlencoded({ extended: false, limit: "8kb" }), (req, res) => {
    const { email = "", password = "", return_to = "/", token = "" } = req.body as Record<string, string>;
    const back = return_to.startsWith("/") && !return_to.startsWith("//") ? return_to : "/";
    const account = accounts.get(email.trim().toLowerCase());
    const ok =
      token === formToken("login") &&
      account !== undefined &&
      timingSafeEqual(scryptSync(password, account.salt, 32), account.hash);
    if (!ok) {
      res.redirect(303, `/login?failed=1&return_to=${encodeURIComponent(back)}`);
      return;
    }
    const id = randomBytes(24).toString("base64url");
    logins.set(id, { email: account!.email, expires: Date.now() + 12 * HOUR });
    res.setHeader("Set-Cookie", cookie(LOGIN_COOKIE, id, 12 * HOUR));
    res.redirect(303, back);
  });

  app.get("/checkout/", (req, res) => {
    csp(res, "'none'");
    const key = String(req.query.platform_checkout_key ?? "");
    const checkout = checkouts.get(key);
    if (!checkout) {
      res
        .status(404)
        .type("html")
        .send(page("This checkout link is not valid", "<p>Go back to the store and try again.</p>"));
      return;
    }
    const account = signedIn(req);
    if (!account) {
      res.redirect(303, `/login?return_to=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    res.type("html").send(checkoutPage(key, checkout, account, formToken(`pay:${key}:${account.email}`)));
  });

  app.post("/checkout/pay", express.urlencoded({ extended: false, limit: "8kb" }), async (req, res, next) => {
    try {
      csp(res, "'none'");
      const { platform_checkout_key: key = "", token = "" } = req.body as Record<string, string>;
      const checkout = checkouts.get(key);
      const account = signedIn(req);
      if (!checkout || !account || token !== formToken(`pay:${key}:${account.email}`)) {
        res
          .status(400)
          .type("html")
          .send(page("Payment refused", "<p>Go back to the store and try again.</p>"));
        return;
      }
      // Pressed twice: the same payment, the same order.
      if (!checkout.result) {
        const body = JSON.stringify({
          payment_id: checkout.paymentId,
          blog_id: checkout.blogId,
          session: checkout.sealed,
          amount: checkout.payload.cart.totals.total,
          currency: checkout.payload.cart.totals.currency,
          payer_email: account.email,
          billing_address: account.billing,
        });
        const timestamp = Math.floor(Date.now() / 1000);
        const answer = await send(`${config.storeUrl}/api/vitrine/v2/wallet/orders`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            [WALLET_TIMESTAMP_HEADER]: String(timestamp),
            [WALLET_SIGNATURE_HEADER]: signWalletRequest(body, timestamp, keys),
          },
          body,
        });
        const placed = (await answer.json().catch(() => null)) as {
          order_received_url?: unknown;
          message?: unknown;
        } | null;
        const url = typeof placed?.order_received_url === "string" ? placed.order_received_url : "";
        if (!answer.ok || walletOrigin(url) !== storeOrigin) {
          res
            .status(502)
            .type("html")
            .send(
              page(
                "The store could not take the order",
                `<p class="error">${escapeHtml(placed?.message ?? "Try again later.")}</p>`,
              ),
            );
          return;
        }
        checkout.result = { orderReceivedUrl: url };
      }
      res.redirect(303, checkout.result.orderReceivedUrl);
    } catch (error) {
      next(error);
    }
  });

  return app;
}

function loginPage(back: string, token: string, failed: boolean): string {
  return page(
    "Log in to your wallet",
    `${failed ? '<p class="error" role="alert">Wrong e-mail or password.</p>' : ""}
<form method="post" action="/login">
  <input type="hidden" name="return_to" value="${escapeHtml(back)}">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
  <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Log in</button>
</form>`,
  );
}

function checkoutPage(key: string, checkout: Checkout, account: Account, token: string): string {
  const { cart, store } = checkout.payload;
  const money = (minor: number) => formatMoney(minor, cart.totals.currency);
  const rows = cart.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)} × ${item.quantity}</td><td class="num">${money(item.line_total)}</td></tr>`,
    )
    .join("");
  return page(
    `Pay ${store.name}`,
    `<p>Signed in as ${escapeHtml(account.email)}</p>
<table><tbody>${rows}</tbody>
<tfoot><tr><th>Total (with shipping)</th><td class="num">${money(cart.totals.total)}</td></tr></tfoot></table>
<form method="post" action="/checkout/pay">
  <input type="hidden" name="platform_checkout_key" value="${escapeHtml(key)}">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <button type="submit">Pay ${money(cart.totals.total)}</button>
</form>`,
  );
}
