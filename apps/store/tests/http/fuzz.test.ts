import net from "node:net";
import { E2E_MEDIA_DIR } from "../built-store.ts";
import { apiToken, formNonce, guestWithCart, signIn } from "../e2e/http-shopper.ts";
import { expect, store, test } from "./fixtures.ts";
import { type FuzzAnswer, fuzzRequests, rawRequests, send, sendRaw } from "./fuzz-requests.ts";

/**
 * Bad input over every endpoint gets a 4xx (or a page), never a 5xx and never silence. The fuzz runs
 * on a store of its own, since some of its requests are valid enough to change a cart or an account.
 */
const ADMIN = { email: "fuzz-admin@example.com", password: "fuzz admin password" };
const mediaDir = E2E_MEDIA_DIR;

test("no request of the fuzz answers 5xx or goes unanswered", { timeout: 240_000 }, async ({
  spareStore,
}) => {
  const store = await spareStore({
    SEED_DEMO: "on",
    MEDIA_DIR: mediaDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const origin = `http://127.0.0.1:${store.port}`;
  const get = (path: string, cookie = "") => fetch(origin + path, { headers: { Cookie: cookie } });

  // A guest with a product in the cart, and a signed-in administrator.
  const shop = await (await get("/shop")).text();
  const productId = shop.match(/data-product_id="(\d+)"/)?.[1];
  const productPath = shop.match(/href="(\/product\/[^"?#]+)"/)?.[1];
  expect(productId, "a product to add on the shop page").toBeDefined();
  expect(productPath, "a product page linked from the shop page").toBeDefined();
  const { cookie: shopperCookie, nonce: restNonce } = await guestWithCart(origin, Number(productId));
  const adminCookie = await signIn(origin, ADMIN.email, ADMIN.password);
  const adminToken = await apiToken(origin, ADMIN.email, ADMIN.password);
  // Analytics and recording on, so their endpoints read what they are sent rather than refusing at once.
  const analyticsOn = await fetch(`${origin}/api/vitrine/v2/settings`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ analytics: { enabled: true, recording: { enabled: true, sample_rate: 100 } } }),
  });
  expect(analyticsOn.status).toBe(200);

  const formNonces: Record<string, string> = {};
  for (const [path, cookie] of [
    ["/checkout", shopperCookie],
    ["/my-account", shopperCookie],
    ["/my-account/lost-password", shopperCookie],
    ["/my-account/pages/home", adminCookie],
    [productPath!, shopperCookie],
  ] as const) {
    formNonces[path] = formNonce(await (await get(path, cookie)).text());
  }
  expect(formNonces["/my-account/pages/home"], "the page editor's nonce").not.toBe("");

  const requests = fuzzRequests({
    shopperCookie,
    restNonce,
    formNonces,
    adminCookie,
    adminToken,
    productPath: productPath!,
  });
  const answers: FuzzAnswer[] = [];
  // Four at a time: enough to overlap, few enough that a slow machine answers each in time.
  for (let start = 0; start < requests.length; start += 4) {
    answers.push(
      ...(await Promise.all(requests.slice(start, start + 4).map((request) => send(origin, request)))),
    );
  }
  for (const raw of rawRequests) answers.push(await sendRaw(store.port, raw));

  const failed = answers.filter((answer) => answer.status === "no answer" || answer.status >= 500);
  console.log(`fuzz: ${answers.length} requests, ${failed.length} answered 5xx or not at all`);
  expect(failed, failed.map((answer) => `${answer.status} ${answer.request}`).join("\n")).toEqual([]);
  expect(answers.length).toBeGreaterThan(300);
});

test("a body the route does not read leaves the keep-alive connection usable", async () => {
  const { port } = new URL(store.origin);
  const socket = net.connect(Number(port), "127.0.0.1");
  let received = "";
  const replies = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if ((received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= count) resolve();
      };
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        check();
      });
      socket.on("close", () => reject(new Error(`connection closed after: ${received.slice(0, 200)}`)));
      check();
    });
  const body = "a=".padEnd(1_000_000, "x");
  // A listing takes no form post: 405, without reading the megabyte.
  socket.write(
    `POST /shop HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body);
  socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  await replies(2);
  socket.destroy();
  const statuses = received.match(/HTTP\/1\.1 (\d{3})/g);
  expect(statuses).toEqual(["HTTP/1.1 405", "HTTP/1.1 200"]);
});
