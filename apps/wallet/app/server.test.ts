import http from "node:http";
import type { AddressInfo } from "node:net";
import { isValidRedirectUrl } from "@vitrine/wallet-protocol";
import {
  deriveWalletKeys,
  encryptSessionData,
  verifyWalletRequest,
  WALLET_SIGNATURE_HEADER,
  WALLET_TIMESTAMP_HEADER,
  type WalletSessionPayload,
} from "@vitrine/wallet-protocol/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWalletConfig } from "./config.ts";
import { createWalletApp } from "./server.ts";

const secret = "the secret the store and this wallet share";
const keys = deriveWalletKeys(secret);
const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

// The store is an outside service from the wallet's side: a small stand-in records the calls.
const storeCalls: Array<{ body: string; ok: boolean }> = [];
const store = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    const verified = verifyWalletRequest({
      body,
      timestamp: req.headers[WALLET_TIMESTAMP_HEADER.toLowerCase()] as string,
      signature: req.headers[WALLET_SIGNATURE_HEADER.toLowerCase()] as string,
      keys,
      now: Date.now(),
    });
    storeCalls.push({ body, ok: verified.ok });
    res.writeHead(verified.ok ? 201 : 401, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ order_received_url: `${storeUrl}/checkout/order-received/7?key=wc_order_x` }));
  });
});
let storeUrl = "";
let walletUrl = "";
let wallet: http.Server;

function sealed(overrides: Partial<WalletSessionPayload> = {}) {
  const payload: WalletSessionPayload = {
    blog_id: "1",
    cart_token: "12",
    cart: {
      items: [{ key: "k", name: "Mug <b>", quantity: 2, line_total: 3000 }],
      totals: { subtotal: 3000, total: 3500, currency: "USD" },
    },
    customer: {},
    store: { name: "Vitrine", url: storeUrl },
    attribution: null,
    locale: "en",
    expires_at: Date.now() + 60_000,
    ...overrides,
  };
  return { blog_id: "1", data: encryptSessionData(payload, keys) };
}

async function logIn(password: string): Promise<string | null> {
  const form = await (await fetch(`${walletUrl}/login`)).text();
  const token = form.match(/name="token" value="([^"]+)"/)?.[1] ?? "";
  const answer = await fetch(`${walletUrl}/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ email: "demo@wallet.example", password, token, return_to: "/" }),
  });
  const cookie = answer.headers.get("set-cookie");
  return cookie ? cookie.split(";")[0]! : null;
}

beforeAll(async () => {
  storeUrl = await listen(store);
  wallet = http.createServer();
  walletUrl = await listen(wallet);
  const app = createWalletApp(
    loadWalletConfig({
      WALLET_SHARED_SECRET: secret,
      WALLET_HOST: walletUrl,
      STORE_URL: storeUrl,
      WALLET_DEMO_PASSWORD: "demo-password",
    }),
  );
  wallet.on("request", app);
});
afterAll(() => {
  wallet.close();
  store.close();
});

describe("the reference wallet", () => {
  it("serves the connect page only to its store, framed only by it, with a nonced script", async () => {
    const page = await fetch(
      `${walletUrl}/connect/?testMode=1&source_url=${encodeURIComponent(`${storeUrl}/cart`)}&blogId=1`,
    );
    expect(page.status).toBe(200);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`frame-ancestors ${storeUrl}`);
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(await page.text()).toContain(`<script nonce="${nonce}">`);
    const other = await fetch(
      `${walletUrl}/connect/?source_url=${encodeURIComponent("https://evil.test/")}&blogId=1`,
    );
    expect(other.status).toBe(400);
  });

  it("logs the demo shopper in with the right password only", async () => {
    expect(await logIn("wrong-password")).toBeNull();
    expect(await logIn("demo-password")).toMatch(/^wallet_login=/);
  });

  it("turns a sealed session into a redirect URL for a logged-in shopper, and refuses tampering", async () => {
    const cookie = (await logIn("demo-password"))!;
    const post = (body: unknown, withCookie = true) =>
      fetch(`${walletUrl}/api/redirect-session`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(withCookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body),
      });
    const good = await post(sealed());
    const { redirect_url } = await good.json();
    expect(isValidRedirectUrl(redirect_url, walletUrl)).toBe(true);
    const session = sealed();
    expect((await post({ ...session, data: { ...session.data, hash: "0".repeat(64) } })).status).toBe(400);
    expect((await post(sealed({ expires_at: Date.now() - 1 }))).status).toBe(400);
    expect((await post(sealed(), false)).status).toBe(401);
  });

  it("pays once: a double submit sends one signed call and lands on the store's order page", async () => {
    const cookie = (await logIn("demo-password"))!;
    const { data } = sealed();
    const minimal = await fetch(
      `${walletUrl}/wallet/?checkout_redirect=1&blog_id=1&${new URLSearchParams(data)}`,
      { redirect: "manual" },
    );
    expect(minimal.status).toBe(303);
    const checkoutPath = minimal.headers.get("location")!;
    const checkout = await (
      await fetch(`${walletUrl}${checkoutPath}`, { headers: { Cookie: cookie } })
    ).text();
    // Store texts are escaped on the wallet's pages.
    expect(checkout).toContain("Mug &lt;b&gt; × 2");
    expect(checkout).toContain("Pay $35.00");
    const form = new URLSearchParams({
      platform_checkout_key: checkout.match(/name="platform_checkout_key" value="([^"]+)"/)![1]!,
      token: checkout.match(/name="token" value="([^"]+)"/)![1]!,
    });
    const before = storeCalls.length;
    const pay = () =>
      fetch(`${walletUrl}/checkout/pay`, {
        method: "POST",
        headers: { Cookie: cookie },
        body: form,
        redirect: "manual",
      });
    const first = await pay();
    const second = await pay();
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`${storeUrl}/checkout/order-received/7?key=wc_order_x`);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(storeCalls.slice(before)).toHaveLength(1);
    expect(storeCalls.at(-1)!.ok).toBe(true);
    expect(JSON.parse(storeCalls.at(-1)!.body)).toMatchObject({
      blog_id: "1",
      amount: 3500,
      currency: "USD",
    });
  });

  it("refuses a tampered minimal-session link", async () => {
    const { data } = sealed();
    const answer = await fetch(
      `${walletUrl}/wallet/?checkout_redirect=1&blog_id=1&${new URLSearchParams({ ...data, session: `x${data.session}` })}`,
      { redirect: "manual" },
    );
    expect(answer.status).toBe(400);
  });
});
