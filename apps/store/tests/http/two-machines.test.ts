import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { mailOutbox } from "@vitrine/db";
import { availableDialects, createTestDatabase } from "@vitrine/db/testing";
import { startTestBucket } from "@vitrine/files/testing";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { apiToken, checkoutByApi, guestWithCart, rest, signIn } from "../e2e/http-shopper.ts";
import { bearer, expect, test } from "./fixtures.ts";

/**
 * Two machines for real (issue 44, decision 0084): two store processes, each with its own data
 * folder, sharing one PostgreSQL database and one bucket, behind a round-robin proxy on loopback as
 * a load balancer would put them. Whichever machine a request lands on, the shop is one shop.
 */

const ADMIN = { email: "two-machines@example.com", password: "two machines admin password" };

/** A load balancer: each new request to the next machine in turn; answers which one took it. */
async function roundRobin(targets: number[]) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const port = targets[next++ % targets.length]!;
    const forwarded = http.request(
      { host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-machine": String(port) });
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mail files a machine wrote (SMTP_URL unset: each mail an .eml file in its data folder). */
function mailsOf(dataDir: string): string[] {
  const folder = path.join(dataDir, "mail");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => readFileSync(path.join(folder, name), "utf8"));
}

for (const dialect of await availableDialects())
  if (dialect === "postgres")
    test("two machines with their own data folders, one database and one bucket, behind a round-robin balancer, are one shop", {
      timeout: 240_000,
    }, async ({ spareStore }) => {
      const database = await createTestDatabase("postgres");
      const bucket = await startTestBucket();
      let balancer: Awaited<ReturnType<typeof roundRobin>> | undefined;
      try {
        const env = {
          ...bucket.env,
          MEDIA_STORE: `s3://${bucket.bucket}/two-machines`,
          DATABASE_URL: database.databaseUrl!,
          WORKERS: "1",
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          // The same secrets on every machine, as a deployment gives them.
          SESSION_SECRET: "two machines session secret shared by both of them",
          WALLET_SHARED_SECRET: "two machines wallet secret shared by both of them",
        };
        const one = await spareStore(env);
        const other = await spareStore(env);
        expect(one.dataDir).not.toBe(other.dataDir);
        balancer = await roundRobin([one.port, other.port]);
        const shop = balancer.origin;
        const token = await apiToken(shop, ADMIN.email, ADMIN.password);

        // A picture uploaded through the balancer is served by both machines from the bucket.
        const body = new FormData();
        const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a7" } })
          .jpeg()
          .toBuffer();
        body.append("file", new Blob([new Uint8Array(photo)]), "shared.jpg");
        const uploaded = await fetch(`${shop}/api/vitrine/v2/media`, {
          method: "POST",
          headers: bearer(token),
          body,
        });
        expect(uploaded.status).toBe(201);
        const picture = (await uploaded.json()) as { id: number; sizes: Array<{ url: string }> };
        for (const machine of [one, other])
          for (const size of picture.sizes) {
            const served = await fetch(`${machine.origin}${size.url}`);
            expect(served.status, `${machine.origin}${size.url}`).toBe(200);
          }

        // A product with that picture, made on whichever machine, in stock.
        const created = await rest(shop, token, "POST", "/products", {
          type: "simple",
          slug: "shared-lamp",
          regular_price: 2500,
          stock_quantity: 10,
          images: [picture.id],
          translations: { en: { name: "Shared lamp" }, es: { name: "Lámpara compartida" } },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const productId = (created.body as { id: number }).id;

        // A price changed on one machine: the other's cached page shows it (its cache purged).
        const page = () => fetch(`${other.origin}/product/shared-lamp`).then((answer) => answer.text());
        await page();
        expect((await fetch(`${other.origin}/product/shared-lamp`)).headers.get("x-page-cache")).toBe("HIT");
        expect(
          (await rest(one.origin, token, "PUT", `/products/${productId}`, { regular_price: 3175 })).status,
        ).toBe(200);
        await expect.poll(page).toContain("31.75");

        // A shopper's cart, filled on one machine, is read on the other.
        const guest = await guestWithCart(one.origin, productId, 2);
        const cart = await fetch(`${other.origin}/api/store/v1/cart`, { headers: { Cookie: guest.cookie } });
        expect(((await cart.json()) as { items: Array<{ id: number; quantity: number }> }).items).toEqual([
          expect.objectContaining({ id: productId, quantity: 2 }),
        ]);

        // A session signed in through the balancer is signed in on both machines.
        const session = await signIn(shop, ADMIN.email, ADMIN.password);
        for (const machine of [one, other]) {
          const account = await fetch(`${machine.origin}/my-account`, { headers: { Cookie: session } });
          expect(await account.text()).toContain(`Hello ${ADMIN.email}`);
        }

        // Failed sign-ins count on both: five through the balancer, then both machines refuse.
        const attempt = (origin: string) =>
          fetch(`${origin}/api/vitrine/v2/auth/token`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "intruder@example.com", password: "wrong password" }),
          }).then((answer) => answer.status);
        for (let i = 0; i < 5; i++) expect(await attempt(shop)).toBe(401);
        expect(await attempt(one.origin)).toBe(429);
        expect(await attempt(other.origin)).toBe(429);

        // An order placed through the balancer: its mails are sent once, by one machine or the other.
        const placed = await checkoutByApi(shop, await guestWithCart(shop, productId, 1));
        expect(placed.status).toBe(200);
        const orderId = String((placed.body as { order_id: number }).order_id);
        const orderMails = () =>
          [...mailsOf(one.dataDir), ...mailsOf(other.dataDir)].filter((mail) =>
            new RegExp(`#${orderId}\\b`).test(mail),
          );
        // The customer's receipt and the owner's new-order mail, each owed once in the outbox.
        const owed = () =>
          database.db
            .select({ doneAt: mailOutbox.doneAt, attempts: mailOutbox.attempts })
            .from(mailOutbox)
            .where(eq(mailOutbox.orderId, Number(orderId)));
        await expect.poll(async () => (await owed()).filter((row) => row.doneAt !== null).length).toBe(2);
        // Every mail owed is done, so no sweep of either machine sends one again: two files in all.
        expect((await owed()).map((row) => row.attempts)).toEqual([1, 1]);
        expect(orderMails().length).toBe(2);

        // Both machines' pictures and files stayed out of their data folders.
        for (const machine of [one, other]) {
          expect(existsSync(path.join(machine.dataDir, "media"))).toBe(false);
          expect(existsSync(path.join(machine.dataDir, "originals"))).toBe(false);
        }
      } finally {
        await balancer?.close();
        await bucket.close();
        await database.close();
      }
    });
