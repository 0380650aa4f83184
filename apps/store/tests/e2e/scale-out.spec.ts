import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { metricSum } from "../metrics-text.ts";
import { expect, type SpareStore, test } from "./fixtures.ts";
import { apiToken, checkoutByApi, guestWithCart, rest, signIn } from "./http-shopper.ts";

/**
 * A store as a real deployment runs it: two server processes, each with two workers, on one
 * PostgreSQL database. Whatever process (and worker) a request lands on, the shop is one shop.
 */
const adminUrl = process.env.E2E_POSTGRES_URL ?? "";
const ADMIN = { email: "scale-admin@example.com", password: "scale admin password" };
const mediaDir = fileURLToPath(new URL("../../../../node_modules/.cache/vitrine-e2e-media", import.meta.url));

async function withAdminClient<T>(
  work: (client: pg.Client) => Promise<T>,
  connectionString = adminUrl,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database on the test server, its name and address (the test drops it at its end). */
async function createDatabase(purpose: string): Promise<{ name: string; url: URL }> {
  const name = `vitrine_${purpose}_${randomBytes(5).toString("hex")}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url };
}

/** Answers `count` responses in a row from `origin`, so that each of its workers answers at least once. */
const several = (count: number, ask: () => Promise<string>) =>
  Promise.all(Array.from({ length: count }, () => ask()));

// Defined only where PostgreSQL runs: PGlite belongs to one process by design.
if (adminUrl) {
  test("two processes with two workers each share orders, stock, sessions, caches, settings and limits", async ({
    spareStore,
  }) => {
    test.setTimeout(300_000);
    const { name, url } = await createDatabase("scale");
    const env = {
      DATABASE_URL: url.toString(),
      WORKERS: "2",
      SEED_DEMO: "on",
      MEDIA_DIR: mediaDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Every process signs sessions and wallet data with the same secrets, as on separate machines.
      SESSION_SECRET: "scale-out session secret shared by every process",
      WALLET_SHARED_SECRET: "scale-out wallet secret shared by every process",
    };
    const stores: SpareStore[] = [];
    try {
      stores.push(await spareStore(env));
      stores.push(await spareStore(env));
      const [a, b] = stores.map((store) => `http://127.0.0.1:${store.port}`) as [string, string];
      await test.step("the primary that seeded draws the demo's pictures while its workers serve", async () => {
        const media = async () => ((await (await fetch(`${b}/healthz`)).json()) as { media: string }).media;
        await expect.poll(media, { timeout: 120_000 }).toBe("ready");
      });
      const token = await apiToken(a, ADMIN.email, ADMIN.password);
      const list = await rest(a, token, "GET", "/products?per_page=100");
      const simple = (list.body as Array<{ id: number; slug: string; type: string }>).filter(
        (product) => product.type === "simple",
      );
      const [stocked, priced] = [simple[0]!, simple[1]!];

      await test.step("a cart filled on one process is the same cart on the other", async () => {
        const guest = await guestWithCart(a, stocked.id, 2);
        const carts = await several(4, async () => {
          const cart = await fetch(`${b}/api/store/v1/cart`, { headers: { Cookie: guest.cookie } });
          return JSON.stringify(
            ((await cart.json()) as { items: Array<{ id: number; quantity: number }> }).items,
          );
        });
        for (const items of carts)
          expect(JSON.parse(items)).toEqual([expect.objectContaining({ id: stocked.id, quantity: 2 })]);
      });

      await test.step("a price changed on one process shows on every worker of the other", async () => {
        const page = () => fetch(`${b}/product/${priced.slug}`).then((response) => response.text());
        await several(4, page); // cached by both of b's workers
        expect(
          (await rest(a, token, "PUT", `/products/${priced.id}`, { regular_price: 43_210 })).status,
        ).toBe(200);
        await expect.poll(page).toContain("432.10");
        for (const html of await several(4, page)) expect(html).toContain("432.10");
      });

      await test.step("a settings change on one process reaches every worker of the other", async () => {
        const home = () => fetch(`${b}/`).then((response) => response.text());
        await several(4, home);
        const changed = await rest(a, token, "PUT", "/settings", { name: "Two Process Shop" });
        expect(changed.status).toBe(200);
        await expect.poll(home).toContain("Two Process Shop");
        for (const html of await several(4, home)) expect(html).toContain("Two Process Shop");
        const read = await rest(b, token, "GET", "/settings");
        expect(read.body.name).toBe("Two Process Shop");
      });

      await test.step("fifty checkouts for five units place exactly five orders", async () => {
        expect((await rest(a, token, "PUT", `/products/${stocked.id}`, { stock_quantity: 5 })).status).toBe(
          200,
        );
        const guests = await Promise.all(
          Array.from({ length: 50 }, (_, i) => guestWithCart(i % 2 ? a : b, stocked.id, 1)),
        );
        // Each process's /metrics sums its workers' figures (the primary gathers them).
        const checkouts = async (outcome: string) => {
          let sum = 0;
          for (const origin of [a, b]) {
            const answer = await fetch(`${origin}/metrics`);
            expect(answer.status).toBe(200);
            sum += metricSum(await answer.text(), "vitrine_checkouts_total", { outcome });
          }
          return sum;
        };
        const before = { placed: await checkouts("placed"), refused: await checkouts("refused") };
        const answers = await Promise.all(guests.map((guest, i) => checkoutByApi(i % 2 ? b : a, guest)));
        const placed = answers.filter((answer) => answer.status < 300);
        const refused = answers.filter((answer) => answer.status >= 400 && answer.status < 500);
        console.log(
          `scale-out: 50 checkouts for 5 units on 2×2 workers: ${placed.length} placed, ${refused.length} refused`,
        );
        expect(placed).toHaveLength(5);
        expect(refused).toHaveLength(45);
        expect((await checkouts("placed")) - before.placed).toBe(5);
        expect((await checkouts("refused")) - before.refused).toBe(45);
        const product = await rest(b, token, "GET", `/products/${stocked.id}`);
        expect(product.body.stock_quantity).toBe(0);
      });

      await test.step("one attempt sent to both processes at once places one order", async () => {
        expect((await rest(a, token, "PUT", `/products/${stocked.id}`, { stock_quantity: 10 })).status).toBe(
          200,
        );
        const guest = await guestWithCart(a, stocked.id, 1);
        const key = `attempt-${randomBytes(8).toString("hex")}`;
        const answers = await Promise.all([a, b, a, b].map((origin) => checkoutByApi(origin, guest, key)));
        const ids = new Set(answers.map((answer) => answer.body.order_id));
        expect(answers.map((answer) => answer.status).every((status) => status < 300)).toBe(true);
        expect(ids.size).toBe(1);
        const product = await rest(b, token, "GET", `/products/${stocked.id}`);
        expect(product.body.stock_quantity).toBe(9);
      });

      await test.step("failed sign-ins on one process count on the other", async () => {
        const email = `nobody-${randomBytes(4).toString("hex")}@example.com`;
        const attempt = (origin: string) =>
          fetch(`${origin}/api/vitrine/v2/auth/token`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email, password: "wrong password" }),
          }).then((response) => response.status);
        for (let i = 0; i < 5; i++) expect(await attempt(i % 2 ? b : a)).toBe(401);
        expect(await attempt(b)).toBe(429);
        expect(await attempt(a)).toBe(429);
      });

      await test.step("a session signed in on one process is signed in on the other", async () => {
        const cookie = await signIn(a, ADMIN.email, ADMIN.password);
        const account = await (await fetch(`${b}/my-account`, { headers: { Cookie: cookie } })).text();
        expect(account).toContain(`Hello ${ADMIN.email}`);
      });
    } finally {
      for (const store of stores) await store.stop();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    }
  });

  test("a cluster's primary resumes an import that a stopped process left unfinished", async ({
    spareStore,
  }) => {
    test.setTimeout(240_000);
    const { name, url } = await createDatabase("resume");
    const env = { DATABASE_URL: url.toString(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const skus = ["RESUME-1", "RESUME-2", "RESUME-3"];
    let cluster: SpareStore | undefined;
    try {
      const one = await spareStore({ ...env, WORKERS: "1" });
      const origin = `http://127.0.0.1:${one.port}`;
      const form = new FormData();
      const csv = ["Type,SKU,Name,Regular price", ...skus.map((sku) => `simple,${sku},${sku},12.50`)];
      form.append("file", new Blob([csv.join("\n")], { type: "text/csv" }), "resume.csv");
      const kept = await fetch(`${origin}/api/vitrine/v2/products/import`, {
        method: "POST",
        headers: { Authorization: `Bearer ${await apiToken(origin, ADMIN.email, ADMIN.password)}` },
        body: form,
      });
      expect(kept.status).toBe(201);
      const upload = ((await kept.json()) as { id: number }).id;
      await one.stop();
      // As a process killed at the start of the run leaves it: a running job that reads the upload.
      const inDatabase = <T>(work: (client: pg.Client) => Promise<T>) =>
        withAdminClient(work, url.toString());
      await inDatabase((client) =>
        client.query(
          `insert into catalogue_import_jobs (file_name, file_hash, baseline_product_id, baseline_variation_id, options)
           values ('resume.csv', 'resume', 0, 0, jsonb_build_object('skipColumns', '[]'::jsonb, 'upload', $1::int))`,
          [upload],
        ),
      );

      cluster = await spareStore({ ...env, WORKERS: "2", DATA_DIR: one.dataDir });
      const job = () =>
        inDatabase(async (client) => (await client.query("select status from catalogue_import_jobs")).rows);
      await expect.poll(job, { timeout: 120_000 }).toEqual([{ status: "done" }]);
      const imported = await inDatabase(
        async (client) => (await client.query("select sku from products order by sku")).rows,
      );
      expect(imported).toEqual(skus.map((sku) => ({ sku })));
    } finally {
      await cluster?.stop();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    }
  });
}
