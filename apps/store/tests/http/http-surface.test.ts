import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe } from "vitest";
import { markupIn, parseStylesheet, usedCss } from "../../app/lib/used-css.ts";
import { SERVER_ENTRY, STORE_DIR } from "../built-store.ts";
import { signIn } from "../e2e/http-shopper.ts";
import { ADMIN, expect, store, test } from "./fixtures.ts";

/** Moved from the browser tests (tests/e2e/http-surface.spec.ts): what they check needs no page. */
const serverEntry = SERVER_ENTRY;

test("health check reports the database and the demo pictures, drawn before the tests start", async ({
  request,
}) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite", media: "ready" });
});

test("security headers, a policy that allows exactly the wallet host, and no session for guests", async ({
  request,
}) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).toContain("frame-src 'self' http://127.0.0.1:4100");
  expect(policy).toContain("object-src 'none'");
  expect(headers["set-cookie"]).toBeUndefined();
  expect(headers["x-powered-by"]).toBeUndefined();
  const html = await response.text();
  const nonce = policy.match(/'nonce-([^']+)'/)![1]!;
  expect(html).toContain(`nonce="${nonce}"`);
});

/** The chunks of a chunked answer to a GET of `requestPath`, as they came on the wire. */
function wireChunks(requestPath: string): Promise<{ head: string; chunks: number[] }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(store.port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (data: Buffer) => received.push(data));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(received).toString("latin1");
      const split = raw.indexOf("\r\n\r\n");
      const chunks: number[] = [];
      let at = split + 4;
      for (;;) {
        const lineEnd = raw.indexOf("\r\n", at);
        const size = Number.parseInt(raw.slice(at, lineEnd), 16);
        if (!(size > 0)) break;
        chunks.push(size);
        at = lineEnd + 2 + size + 2;
      }
      resolve({ head: raw.slice(0, split), chunks });
    });
    socket.write(
      `GET ${requestPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
    );
  });
}

test("a page rendered for the request leaves whole, in one write, not in React's dozens of small chunks", async () => {
  // The cart page is rendered for each request (never from the page cache).
  const { head, chunks } = await wireChunks("/cart");
  expect(head).toMatch(/^HTTP\/1\.1 200/);
  expect(head).toMatch(/transfer-encoding: chunked/i);
  expect(head).not.toMatch(/x-page-cache: hit/i);
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toBeGreaterThan(20_000);
});

test("built assets are immutable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[^"]+\.js(?=")/)![0];
  const response = await request.get(asset);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("a page links its language's strings, an immutable file of their own, instead of carrying them", async ({
  request,
}) => {
  const stringsOf = async (pagePath: string) => {
    const html = await (await request.get(pagePath)).text();
    // No block of strings in the document: the head preloads the file the browser hydrates with.
    expect(html).not.toContain('<script type="application/json" id="vitrine-translations"');
    expect(html).not.toContain('"skipToContent"');
    const link = html.match(/<link[^>]*id="vitrine-translations"[^>]*>/)?.[0] ?? "";
    expect(link).toContain('rel="preload"');
    expect(link).toContain('as="fetch"');
    expect(link).toContain('crossorigin="anonymous"');
    const href = link.match(/href="([^"]+)"/)?.[1] ?? "";
    expect(href).toMatch(/^\/assets\/strings\/(en|es)-[0-9a-f]{16}\.json$/);
    const file = await request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers()["content-type"]).toMatch(/^application\/json/);
    return { href, strings: (await file.json()) as Record<string, Record<string, unknown>> };
  };

  const english = await stringsOf("/shop");
  expect(english.strings.site?.skipToContent).toBe("Skip to content");
  // The storefront's sections, not the mail's (server only) or the back office's (its own data).
  expect(Object.keys(english.strings)).toEqual(expect.arrayContaining(["site", "cart", "product"]));
  expect(Object.keys(english.strings)).not.toContain("mail");
  expect(Object.keys(english.strings)).not.toContain("backOffice");
  // Every page in a language links the same file, so the browser downloads it once.
  expect((await stringsOf("/")).href).toBe(english.href);

  const spanish = await stringsOf("/shop?lang=es");
  expect(spanish.href).not.toBe(english.href);
  expect(spanish.strings.site?.skipToContent).toBe("Saltar al contenido");

  // Another version's name, or a language the store does not have, is not there.
  expect((await request.get(english.href.replace(/-[0-9a-f]{16}/, "-0000000000000000"))).status()).toBe(404);
  expect((await request.get(english.href.replace("/en-", "/fr-"))).status()).toBe(404);
});

test("a page inlines the rules its markup uses; the whole stylesheet is an immutable file", async ({
  request,
}) => {
  for (const pagePath of ["/", "/shop", "/cart"]) {
    const html = await (await request.get(pagePath)).text();
    const [, href, inline] =
      html.match(/<style data-precedence="default" data-href="([^"]+)">([\s\S]*?)<\/style>/) ?? [];
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    const file = await request.get(href!);
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const whole = await file.text();
    const sheet = parseStylesheet(whole);
    // The parser reads the built stylesheet whole: with every class and custom property, nothing is
    // left out.
    const everyProperty = new Set(whole.match(/--[A-Za-z0-9_-]+/g));
    const everything = { has: () => true } as unknown as Set<string>;
    expect(usedCss(sheet, { classes: everything, variables: everyProperty })).toBe(whole.trim());
    // The page carries exactly what its markup uses, a part of the whole.
    expect(inline).toBe(usedCss(sheet, markupIn(html)));
    // The theme's variables and Tailwind's registrations: those the page's rules use, not the rest.
    expect(inline).not.toContain("--tw-translate-z");
    expect(whole).toContain("--tw-translate-z");
    expect(inline!.length).toBeLessThan(whole.length * 0.7);
  }
});

test("a page's module script waits, under the page's nonce, for its first frame: React Router's output as it is now", async ({
  request,
}) => {
  for (const pagePath of ["/", "/shop", "/cart", "/my-account"]) {
    const response = await request.get(pagePath);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeDefined();
    // `deferScripts` found what `<Scripts>` writes: no preloads left, one module script made inert.
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    const inert = [
      ...html.matchAll(/<script nonce="([^"]+)" type="vitrine\/module" async="">([\s\S]*?)<\/script>/g),
    ];
    expect(inert).toHaveLength(1);
    expect(inert[0]![1]).toBe(nonce);
    expect(inert[0]![2]).toMatch(/import \* as route0 from "\/assets\/[\w-]+\.js";/);
    expect(inert[0]![2]).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\);$/);
    // The loader follows it under the same nonce and lists the modules `<Scripts>` preloaded.
    const after = html.slice(inert[0]!.index + inert[0]![0].length);
    const loader =
      /^<script nonce="([^"]+)">\(function\(d,h\)\{[\s\S]*?\}\)\(document,(\[[^\]]*\])\)<\/script>/.exec(
        after,
      );
    expect(loader?.[1]).toBe(nonce);
    const preloads = JSON.parse(loader![2]!) as string[];
    expect(preloads[0]).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
    for (const href of preloads.slice(0, 3)) expect((await request.get(href)).status()).toBe(200);
  }
});

test("a back-office page loads its scripts as React Router writes them: only the storefront's wait for the first paint", async () => {
  const cookie = await signIn(store.origin, ADMIN.email, ADMIN.password);
  const response = await fetch(`${store.origin}/admin`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('<header class="back-office-bar');
  expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"/);
  expect(html.match(/<script[^>]* type="module"/g)).toHaveLength(1);
  expect(html).not.toContain('type="vitrine/module"');
});

test("product images come in AVIF, WebP and JPEG sizes with width and height", async ({ request }) => {
  const html = await (await request.get("/shop")).text();
  expect(html).toMatch(/<source type="image\/avif" srcSet="\/media\/[^"]+ 300w, [^"]+ 600w/);
  expect(html).toMatch(/<source type="image\/webp"/);
  const img = html.match(/<img src="(\/media\/[^"]+\.jpg)" alt="[^"]+" width="(\d+)" height="(\d+)"/);
  expect(img).not.toBeNull();
  const image = await request.get(img![1]!);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
  expect(image.headers()["cache-control"]).toContain("immutable");
});

test("cross-site posts are refused; garbage is a 4xx, never a 500", async ({ request }) => {
  const crossSite = await request.post("/cart", {
    form: { intent: "add", product_id: "1" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toMatchObject({ code: "rest_cross_site_request", data: { status: 403 } });

  const garbage: Array<Record<string, string>> = [
    { intent: "add", product_id: "abc" },
    { intent: "add", product_id: "1", quantity: "-4" },
    { intent: "add", product_id: "1", quantity: "1e9" },
    { intent: "nonsense" },
    { remove: "../../etc" },
  ];
  for (const form of garbage) {
    const response = await request.post("/cart", { form, maxRedirects: 0 });
    expect(response.status(), JSON.stringify(form)).toBeLessThan(500);
  }
  const language = await request.post("/language", { form: { lang: "fr" }, maxRedirects: 0 });
  expect(language.status()).toBe(400);
  const offsite = await request.post("/language", {
    form: { lang: "es", redirectTo: "//evil.example/" },
    maxRedirects: 0,
  });
  expect(offsite.headers().location).toBe("/");
});

function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: STORE_DIR,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: "0",
        LOG_LEVEL: "silent",
        SEED_DEMO: "off",
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("start-up failures are fast and say what is wrong in one line", () => {
  test("a bad variable", async () => {
    const result = await startServer({ PORT: "not-a-port", DATA_DIR: os.tmpdir() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Invalid configuration: PORT [^\n]+$/);
  });

  test("an unreachable DATABASE_URL", async () => {
    const result = await startServer({
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      DATA_DIR: os.tmpdir(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/none: [^\n]+$/);
  });

  test("a data folder in use by the running store", async () => {
    const result = await startServer({ DATA_DIR: store.dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^The data folder .+ is in use by another Vitrine process \(pid \d+\)[^\n]+$/,
    );
  });

  test("a clean stop on SIGTERM releases the data folder", async ({ spareStore }) => {
    const spare = await spareStore();
    expect(await spare.stop()).toBe(0);
    expect(existsSync(path.join(spare.dataDir, "pglite.lock"))).toBe(false);
  });
});
