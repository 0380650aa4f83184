import { ADMIN, bearer, expect, test } from "./fixtures.ts";

/**
 * Whoever changes the store settings sees the change on their next request: the process that
 * saved them uses them at once, rather than once it has read them back from the database (which
 * the other processes on the database do, told by the change feed). A store of its own, as its
 * name and photo service change (the e2e photo feed test met the old race about one run in two).
 */
test("the store settings a PUT saved are the ones the next request reads, every time", async ({
  spareStore,
}) => {
  const spare = await spareStore({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const call = (method: string, path: string, token: string, data?: unknown) =>
    fetch(`${spare.origin}/api/vitrine/v2${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...bearer(token) },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
  const issued = await fetch(`${spare.origin}/api/vitrine/v2/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await issued.json()) as { token: string };

  for (let round = 1; round <= 80; round++) {
    const name = `Shop number ${round}`;
    const saved = await call("PUT", "/settings", token, {
      name,
      photo_feed: {
        provider: "graph",
        graph: {
          endpoint: `http://127.0.0.1:${9000 + round}`,
          token: "a-token",
          mediaOrigins: [],
          timeoutMs: 3000,
          cacheSeconds: 0,
        },
      },
    });
    expect(saved.status).toBe(200);
    await saved.arrayBuffer();
    // Read back at once, by several requests side by side: each must find the new name.
    const [read, ...pages] = await Promise.all([
      call("GET", "/settings", token).then((response) => response.json() as Promise<{ name: string }>),
      ...Array.from({ length: 3 }, () => fetch(`${spare.origin}/`).then((response) => response.text())),
    ]);
    expect(read.name, `round ${round}`).toBe(name);
    for (const page of pages) expect(page, `round ${round}`).toContain(name);
  }
});
