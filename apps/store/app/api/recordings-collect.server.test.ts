import { gzipSync } from "node:zlib";
import { analyticsRecordings } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bodyErrorAnswer } from "../../server/input-guard.server.ts";
import { RECORDING_MAX_COMPRESSED_BYTES, RECORDINGS_URL } from "../lib/session-recording.ts";
import { insertAccount } from "../services/orders/order-fixtures.test-helper.ts";
import { type LoopbackServer, listenOnLoopback } from "../services/shared/loopback-server.test-helper.ts";
import { createNonce } from "../services/shared/nonce.server.ts";
import { RequestSession } from "../services/shared/session.server.ts";
import { testConfig, testContext } from "../services/shared/test-context.test-helper.ts";
import { sessionRecordingsRouter } from "./recordings-collect.server.ts";
import { vitrineRestRouter } from "./vitrine-rest.server.ts";

const SESSION = "http-session-0123456";
const batch = (start: number) =>
  gzipSync(
    JSON.stringify([
      { type: 4, data: { href: "https://shop.example/", width: 800, height: 600 }, timestamp: start },
      { type: 3, data: { source: 2, type: 2, id: 1, x: 1, y: 2 }, timestamp: start + 500 },
    ]),
  );

describe.each(await availableDialects())(
  "the recordings endpoint and the replay's REST route on %s",
  (dialect) => {
    let database: TestDatabase;
    let server: LoopbackServer;
    const config = testConfig();
    let analytics = { enabled: true, recording: { enabled: true, sample_rate: 100 } };

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const app = express();
      const makeContext = (req: express.Request) =>
        testContext({
          db: database.db,
          config,
          settings: { analytics },
          cookie: req.headers.cookie ?? null,
          clientAddress: req.get("X-Test-Client") ?? "127.0.0.1",
        });
      app.use(RECORDINGS_URL, sessionRecordingsRouter(makeContext));
      app.use("/api/vitrine/v2", vitrineRestRouter(makeContext));
      // As server.ts answers a body parser's refusal.
      app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        const refused = bodyErrorAnswer(error);
        res
          .status(refused?.status ?? 500)
          .json({ code: refused?.code ?? "unknown_error", message: refused?.message ?? "" });
      });
      server = await listenOnLoopback(app);
    });
    afterAll(async () => {
      server?.close();
      await database?.close();
    });
    beforeEach(async () => {
      await database.reset();
      analytics = { enabled: true, recording: { enabled: true, sample_rate: 100 } };
    });

    const post = (
      query: Record<string, string>,
      body: Uint8Array | string,
      headers: Record<string, string> = {},
    ) =>
      fetch(`${server.origin}${RECORDINGS_URL}?${new URLSearchParams(query)}`, {
        method: "POST",
        body: body as BodyInit,
        headers: { "Content-Type": "application/octet-stream", ...headers },
      });

    async function signedIn(role: "customer" | "administrator") {
      const userId = await insertAccount(database.db, `${role}-${Math.random()}@example.com`, { role });
      const session = new RequestSession(database.db, config.sessionSecret, null, false);
      const { nonceSecret } = await session.login(userId, role === "customer" ? "customer" : "staff");
      return {
        Cookie: session.headers().get("Set-Cookie")!.split(";")[0]!,
        "X-Vitrine-Nonce": createNonce(nonceSecret, "wp_rest"),
      };
    }

    it("keeps a batch (201), the same batch again once (200), and the replay reads it", async () => {
      const first = await post({ session: SESSION, seq: "0", path: "/checkout" }, batch(1_000));
      expect(first.status).toBe(201);
      expect(first.headers.get("cache-control")).toBe("no-store");
      expect((await post({ session: SESSION, seq: "0", path: "/checkout" }, batch(1_000))).status).toBe(200);
      expect((await post({ session: SESSION, seq: "1", path: "/cart" }, batch(3_000))).status).toBe(201);

      const admin = await signedIn("administrator");
      const read = await fetch(`${server.origin}/api/vitrine/v2/analytics/sessions/${SESSION}/recording`, {
        headers: admin,
      });
      expect(read.status).toBe(200);
      const body = (await read.json()) as { session: string; events: Array<{ timestamp: number }> };
      expect(body.session).toBe(SESSION);
      expect(body.events.map((event) => event.timestamp)).toEqual([1_000, 1_500, 3_000, 3_500]);
    });

    it("answers 204 and keeps nothing when the store does not record or the request says no", async () => {
      analytics = { enabled: false, recording: { enabled: true, sample_rate: 100 } };
      expect((await post({ session: SESSION, seq: "0", path: "/" }, batch(1))).status).toBe(204);
      analytics = { enabled: true, recording: { enabled: false, sample_rate: 100 } };
      expect((await post({ session: SESSION, seq: "0", path: "/" }, batch(1))).status).toBe(204);
      analytics = { enabled: true, recording: { enabled: true, sample_rate: 100 } };
      expect(
        (await post({ session: SESSION, seq: "0", path: "/" }, batch(1), { "Sec-GPC": "1" })).status,
      ).toBe(204);
      expect(await database.db.select().from(analyticsRecordings)).toEqual([]);
      const allowed = await post({ session: SESSION, seq: "0", path: "/" }, batch(1), {
        "Sec-GPC": "1",
        Cookie: "wp_consent_statistics=allow",
      });
      expect(allowed.status).toBe(201);
    });

    it("answers what it refuses with {code, message}, never a 500", async () => {
      const cases: Array<
        [Record<string, string>, Uint8Array | string, Record<string, string>, number, string]
      > = [
        [{ session: "short", seq: "0", path: "/" }, batch(1), {}, 400, "recording_invalid_param"],
        [{ session: SESSION, seq: "-1", path: "/" }, batch(1), {}, 400, "recording_invalid_param"],
        [{ session: SESSION, seq: "0", path: "/?q=1" }, batch(1), {}, 400, "recording_invalid_param"],
        [{ session: SESSION, seq: "0", path: "/", extra: "1" }, batch(1), {}, 400, "recording_invalid_param"],
        [{ session: SESSION, seq: "0", path: "/" }, "[]", {}, 400, "recording_invalid_body"],
        [{ session: SESSION, seq: "0", path: "/" }, new Uint8Array(), {}, 400, "recording_invalid_body"],
        [
          { session: SESSION, seq: "0", path: "/" },
          JSON.stringify([{ type: 4, timestamp: 1 }]),
          { "Content-Type": "application/json" },
          415,
          "unsupported_media_type",
        ],
        [
          { session: SESSION, seq: "0", path: "/" },
          batch(1),
          { "Content-Encoding": "gzip" },
          415,
          "unsupported_encoding",
        ],
        [
          { session: SESSION, seq: "0", path: "/" },
          new Uint8Array(RECORDING_MAX_COMPRESSED_BYTES + 1),
          {},
          413,
          "request_too_large",
        ],
      ];
      for (const [query, body, headers, status, code] of cases) {
        const answer = await post(query, body, headers);
        expect({ query, status: answer.status }).toEqual({ query, status });
        expect(await answer.json()).toMatchObject({ code, message: expect.any(String) });
      }
      expect(await database.db.select().from(analyticsRecordings)).toEqual([]);
    });

    it("limits how many batches one address sends in a minute", async () => {
      const headers = { "X-Test-Client": "198.51.100.9" };
      let status = 0;
      for (let i = 0; i <= 120 && status !== 429; i++)
        status = (await post({ session: SESSION, seq: "x", path: "/" }, batch(1), headers)).status;
      expect(status).toBe(429);
      // Another address is not held back.
      expect((await post({ session: SESSION, seq: "0", path: "/" }, batch(1))).status).toBe(201);
    });

    it("gives the recording to administrators only, and 404 for a session without one", async () => {
      await post({ session: SESSION, seq: "0", path: "/" }, batch(1));
      const url = (session: string) =>
        `${server.origin}/api/vitrine/v2/analytics/sessions/${session}/recording`;
      expect((await fetch(url(SESSION))).status).toBe(401);
      expect((await fetch(url(SESSION), { headers: await signedIn("customer") })).status).toBe(403);
      const admin = await signedIn("administrator");
      expect((await fetch(url("nobody-recorded-this"), { headers: admin })).status).toBe(404);
      expect((await fetch(url("not%20an%20id"), { headers: admin })).status).toBe(404);
    });
  },
);
