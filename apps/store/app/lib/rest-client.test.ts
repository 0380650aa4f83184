import { describe, expect, it } from "vitest";
import { createRestClient, nextLink, RestClientError } from "./rest-client.ts";

type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fetch that records each call and answers with the next of `answers` (a function of the call). */
function fakeFetch(answers: Array<Response | Error | ((call: Call) => Response)>) {
  const calls: Call[] = [];
  const answer = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const next = answers.shift();
    if (next === undefined) throw new Error(`no answer left for ${call.method} ${call.url}`);
    if (next instanceof Error) throw next;
    return typeof next === "function" ? next(call) : next;
  }) as typeof globalThis.fetch;
  return { fetch: answer, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

function client(answers: Parameters<typeof fakeFetch>[0], nonce = "nonce-1") {
  const fake = fakeFetch(answers);
  const state = { nonce };
  const rest = createRestClient({
    fetch: fake.fetch,
    nonce: () => state.nonce,
    setNonce: (value) => {
      state.nonce = value;
    },
  });
  return { rest, calls: fake.calls, state };
}

async function failure(promise: Promise<unknown>): Promise<RestClientError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RestClientError);
  return error as RestClientError;
}

describe("the REST client", () => {
  it("calls another root with a request's own headers, and keeps an error's data (the checkout's field messages)", async () => {
    const fake = fakeFetch([
      json(
        {
          code: "rest_invalid_param",
          message: "Fix these",
          data: { status: 400, params: { billing_email: "Bad" } },
        },
        400,
      ),
    ]);
    const store = createRestClient({
      fetch: fake.fetch,
      nonce: () => "n",
      setNonce: () => {},
      root: "/api/store/v1",
    });
    const error = await failure(
      store.request({
        path: "/checkout",
        method: "POST",
        data: {},
        headers: { "Idempotency-Key": "attempt-1" },
      }),
    );
    expect(fake.calls[0]!.url).toBe("/api/store/v1/checkout?_locale=user");
    expect(fake.calls[0]!.headers.get("Idempotency-Key")).toBe("attempt-1");
    expect(fake.calls[0]!.headers.get("X-Vitrine-Nonce")).toBe("n");
    expect([error.code, error.message, error.status]).toEqual(["rest_invalid_param", "Fix these", 400]);
    expect(error.data).toEqual({ status: 400, params: { billing_email: "Bad" } });
  });

  it("adds _locale=user and the page's nonce to every call", async () => {
    const { rest, calls } = client([json({ id: 1 }), json([])]);
    expect(await rest.request({ path: "/products/1" })).toEqual({ id: 1 });
    await rest.request({ path: "/orders?status=processing" });
    expect(calls.map((call) => call.url)).toEqual([
      "/api/vitrine/v2/products/1?_locale=user",
      "/api/vitrine/v2/orders?status=processing&_locale=user",
    ]);
    for (const call of calls) expect(call.headers.get("X-Vitrine-Nonce")).toBe("nonce-1");
  });

  it.each(["PUT", "PATCH", "DELETE"] as const)(
    "sends %s as POST with X-HTTP-Method-Override",
    async (method) => {
      const { rest, calls } = client([json({ ok: true })]);
      await rest.request({ path: "/products/3", method, data: { stock_quantity: 5 } });
      expect(calls[0]!.method).toBe("POST");
      expect(calls[0]!.headers.get("X-HTTP-Method-Override")).toBe(method);
      expect(calls[0]!.body).toEqual({ stock_quantity: 5 });
      expect(calls[0]!.headers.get("Content-Type")).toBe("application/json");
    },
  );

  it("sends GET and POST as they are", async () => {
    const { rest, calls } = client([json({}), json({})]);
    await rest.request({ path: "/users/me", method: "POST", data: { a: 1 } });
    await rest.request({ path: "/users/me" });
    expect(calls.map((call) => [call.method, call.headers.get("X-HTTP-Method-Override")])).toEqual([
      ["POST", null],
      ["GET", null],
    ]);
  });

  it("on rest_cookie_invalid_nonce fetches a fresh nonce and tries once more with it", async () => {
    const stale = () => json({ code: "rest_cookie_invalid_nonce", message: "Cookie check failed" }, 403);
    const { rest, calls, state } = client([stale(), new Response("fresh-2"), json({ saved: true })]);
    expect(await rest.request({ path: "/settings", method: "PUT", data: { name: "x" } })).toEqual({
      saved: true,
    });
    expect(calls.map((call) => call.url)).toEqual([
      "/api/vitrine/v2/settings?_locale=user",
      "/ajax?action=rest-nonce",
      "/api/vitrine/v2/settings?_locale=user",
    ]);
    expect(calls[2]!.headers.get("X-Vitrine-Nonce")).toBe("fresh-2");
    expect(calls[2]!.headers.get("X-HTTP-Method-Override")).toBe("PUT");
    expect(state.nonce).toBe("fresh-2");
  });

  it("retries only once: a second stale answer is the caller's error", async () => {
    const stale = () => json({ code: "rest_cookie_invalid_nonce", message: "Cookie check failed" }, 403);
    const { rest, calls } = client([stale(), new Response("fresh-2"), stale()]);
    const error = await failure(rest.request({ path: "/settings" }));
    expect(error.code).toBe("rest_cookie_invalid_nonce");
    expect(error.status).toBe(403);
    expect(calls).toHaveLength(3);
  });

  it("does not refresh the nonce for other 403s", async () => {
    const { rest, calls } = client([
      json({ code: "rest_forbidden", message: "Sorry, you are not allowed to do that." }, 403),
    ]);
    const error = await failure(rest.request({ path: "/settings" }));
    expect([error.code, error.message]).toEqual(["rest_forbidden", "Sorry, you are not allowed to do that."]);
    expect(calls).toHaveLength(1);
  });

  it("fetches per_page=-1 in pages of 100, following the next links, and joins them", async () => {
    const page = (items: number[], next: string | null) =>
      json(
        items,
        200,
        next ? { Link: `<${next}>; rel="next", <http://s/api/vitrine/v2/products?page=1>; rel="prev"` } : {},
      );
    const { rest, calls } = client([
      page([1, 2], "http://127.0.0.1:3000/api/vitrine/v2/products?status=any&page=2&per_page=100"),
      page([3], "http://127.0.0.1:3000/api/vitrine/v2/products?status=any&page=3&per_page=100"),
      page([4], null),
    ]);
    expect(await rest.request({ path: "/products?status=any&per_page=-1" })).toEqual([1, 2, 3, 4]);
    expect(calls.map((call) => call.url)).toEqual([
      "/api/vitrine/v2/products?status=any&per_page=100&_locale=user",
      "/api/vitrine/v2/products?status=any&page=2&per_page=100&_locale=user",
      "/api/vitrine/v2/products?status=any&page=3&per_page=100&_locale=user",
    ]);
  });

  it("follows a next link as a path of this site only", () => {
    expect(nextLink('<https://elsewhere.example/steal?page=2>; rel="next"')).toBe(
      "/steal?page=2&_locale=user",
    );
    expect(nextLink('<http://s/x?page=1>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });

  it.each([
    ["a network failure", new TypeError("Failed to fetch"), "fetch_error", "You are probably offline."],
    [
      "an answer that is not JSON",
      new Response("<html>502</html>", { status: 502 }),
      "invalid_json",
      "The response is not a valid JSON response.",
    ],
    ["an error without a message", json({ error: true }, 500), "unknown_error", "An unknown error occurred."],
  ])("maps %s to %s", async (_what, answer, code, message) => {
    const { rest } = client([answer]);
    const error = await failure(rest.request({ path: "/orders" }));
    expect([error.code, error.message]).toEqual([code, message]);
    // Its message in the page's language comes from the translations.
    expect(error.translated((key) => `«${key}»`)).toBe(`«rest.errors.${code}»`);
  });

  it("passes the server's own errors on as written, unless the page has their code's translation", async () => {
    const { rest } = client([
      json({ code: "rest_invalid_param", message: "Parámetro no válido: stock_quantity" }, 400),
      json({ code: "rest_media_in_use", message: "Products or categories show this picture." }, 409),
    ]);
    const unknown = await failure(rest.request({ path: "/products/1", method: "PUT", data: {} }));
    const pageTranslations: Record<string, string> = {
      "rest.errors.rest_invalid_param": "Invalid parameter: {{param}}",
      "rest.errors.rest_media_in_use": "Hay productos o categorías que muestran esta imagen.",
    };
    const t = (key: string) => pageTranslations[key] ?? key;
    expect(unknown.translated(t)).toBe("Parámetro no válido: stock_quantity");
    const known = await failure(rest.request({ path: "/media/4", method: "DELETE" }));
    expect(known.translated(t)).toBe("Hay productos o categorías que muestran esta imagen.");
  });
});

describe("media uploads", () => {
  const picture = () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }), "a.jpg");
    return form;
  };
  const halfDone = () =>
    json({ code: "rest_upload_sizes_failed", message: "Sizes failed" }, 500, {
      "X-Vitrine-Upload-Attachment-Id": "41",
    });

  it("an upload that works is answered as is", async () => {
    const { rest, calls } = client([json({ id: 41, state: "ready" }, 201)]);
    expect(await rest.request({ path: "/media", method: "POST", body: picture() })).toEqual({
      id: 41,
      state: "ready",
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toBeInstanceOf(FormData);
  });

  it("a 5xx naming its attachment is finished with post-process", async () => {
    const { rest, calls } = client([halfDone(), json({}, 500), json({ id: 41, state: "ready" })]);
    expect(await rest.request({ path: "/media", method: "POST", body: picture() })).toEqual({
      id: 41,
      state: "ready",
    });
    expect(calls.slice(1).map((call) => [call.method, call.url, call.body])).toEqual([
      ["POST", "/api/vitrine/v2/media/41/post-process?_locale=user", { action: "create-image-subsizes" }],
      ["POST", "/api/vitrine/v2/media/41/post-process?_locale=user", { action: "create-image-subsizes" }],
    ]);
  });

  it("after 5 failed post-processes, deletes the attachment and says so", async () => {
    const { rest, calls } = client([
      halfDone(),
      ...Array.from({ length: 5 }, () => json({}, 500)),
      json({ deleted: true }),
    ]);
    const error = await failure(rest.request({ path: "/media", method: "POST", body: picture() }));
    expect(error.code).toBe("post_process");
    expect(error.message).toBe(
      "Media upload failed. If this is a photo or a large image, please scale it down and try again.",
    );
    expect(calls.filter((call) => call.url.includes("/post-process"))).toHaveLength(5);
    const last = calls[calls.length - 1]!;
    expect([last.method, last.headers.get("X-HTTP-Method-Override"), last.url]).toEqual([
      "POST",
      "DELETE",
      "/api/vitrine/v2/media/41?force=true&_locale=user",
    ]);
  });

  it("a 5xx without an attachment id, or a 4xx, is the upload's own error", async () => {
    const { rest, calls } = client([
      json({ code: "rest_upload_unknown_error", message: "Disk full" }, 500),
      json({ code: "rest_upload_invalid_type", message: "Not a picture" }, 400, {
        "X-Vitrine-Upload-Attachment-Id": "9",
      }),
    ]);
    expect((await failure(rest.request({ path: "/media", method: "POST", body: picture() }))).code).toBe(
      "rest_upload_unknown_error",
    );
    expect((await failure(rest.request({ path: "/media", method: "POST", body: picture() }))).code).toBe(
      "rest_upload_invalid_type",
    );
    expect(calls).toHaveLength(2);
  });
});
