import { createHash } from "node:crypto";
import { type Database, rateLimits } from "@vitrine/db";
import { lt } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { addressBucket } from "../shared/client-address.server.ts";
import { AccountError, authenticate } from "./accounts.server.ts";

/**
 * How many failed sign-ins are allowed, counted in the database so that every server on it counts
 * together (decision 0014). An account+address pair that has signed in before answers only to its
 * own limit: nobody else's failures can lock the owner out from where they usually sign in.
 */
export type LoginLimitSettings = {
  /** Failures of one account from one address within the window, then that pair alone is blocked. */
  pair: { failures: number; withinSeconds: number; blockSeconds: number };
  /** Failures from one address across all accounts; refused until the window ends. */
  address: { failures: number; withinSeconds: number };
  /** Failures against one account from any address; refused until the window ends, except from known ones. */
  account: { failures: number; withinSeconds: number };
  /** How long after a successful sign-in its address stays known to the account. */
  knownAddressSeconds: number;
};

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export const loginLimitDefaults: LoginLimitSettings = {
  pair: { failures: 5, withinSeconds: DAY, blockSeconds: 15 * MINUTE },
  address: { failures: 100, withinSeconds: DAY },
  account: { failures: 50, withinSeconds: DAY },
  knownAddressSeconds: 90 * DAY,
};

export type LoginResult =
  | { ok: true; user: { id: number; role: string } }
  | { ok: false; error: "invalid_credentials" }
  /** Refused before the password was looked at. */
  | { ok: false; error: "too_many"; retryAfterSeconds: number };

/** Every password sign-in (the account form, the REST token endpoint) goes through this. */
export type LoginLimits = {
  /**
   * Checks the e-mail and password unless a limit refuses the attempt first. A failure counts
   * against the pair, the address and the account; a success clears the pair's count and makes
   * the address known to the account.
   */
  authenticate(email: string, password: string): Promise<LoginResult>;
};

type Limit = { limiter: RateLimiterDrizzle; key: string; failures: number };

/** The request's sign-in, for the client at `clientAddress` (never a header a client can write). */
export function createLoginLimits(
  db: Database,
  clientAddress: string,
  settings: LoginLimitSettings = loginLimitDefaults,
): LoginLimits {
  // No timers: the instances live for one request and the rows outlive them; a success sweeps.
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration,
      clearExpiredByTimeout: false,
    });

  return {
    async authenticate(email, password) {
      const account = email.trim().toLowerCase();
      const address = addressBucket(clientAddress);
      const pairKey = digest(account, address);
      const known = limiter("login_known_address", 1, settings.knownAddressSeconds);
      const pair: Limit = {
        limiter: limiter("login_fail_pair", settings.pair.failures, settings.pair.withinSeconds),
        key: pairKey,
        failures: settings.pair.failures,
      };
      const limits: Limit[] = [pair];
      if ((await known.get(pairKey)) === null) {
        limits.push(
          {
            limiter: limiter("login_fail_address", settings.address.failures, settings.address.withinSeconds),
            key: digest(address),
            failures: settings.address.failures,
          },
          {
            limiter: limiter("login_fail_account", settings.account.failures, settings.account.withinSeconds),
            key: digest(account),
            failures: settings.account.failures,
          },
        );
      }

      // Read first, so that attempts refused while a limit is used up write nothing.
      const counts = await Promise.all(limits.map(({ limiter, key }) => limiter.get(key)));
      const full = counts.filter(
        (count, i): count is RateLimiterRes => count !== null && count.consumedPoints >= limits[i]!.failures,
      );
      if (full.length > 0) return tooMany(full);

      // Each attempt takes its point before the password is checked, so parallel attempts cannot all
      // pass the reading above; the ones past the limit are refused and give back what they took.
      const taken = await Promise.allSettled(limits.map(({ limiter, key }) => limiter.consume(key)));
      const refused: RateLimiterRes[] = [];
      for (const result of taken) {
        if (result.status === "fulfilled") continue;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        refused.push(result.reason);
      }
      if (refused.length > 0) {
        await giveBack(limits.filter((_, i) => taken[i]!.status === "fulfilled"));
        return tooMany(refused);
      }

      let user: { id: number; role: string };
      try {
        user = await authenticate(db, account, password);
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        const pairCount = (taken[0] as PromiseFulfilledResult<RateLimiterRes>).value;
        if (pairCount.consumedPoints >= settings.pair.failures) {
          await pair.limiter.block(pair.key, settings.pair.blockSeconds);
        }
        return { ok: false, error: "invalid_credentials" };
      }
      await Promise.all([
        pair.limiter.delete(pair.key),
        giveBack(limits.slice(1)),
        known.set(pairKey, 1, settings.knownAddressSeconds),
      ]);
      // Rows of any limiter an hour past their end (the slack covers servers' clocks disagreeing).
      await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(Date.now() - 3_600_000)));
      return { ok: true, user };
    },
  };
}

async function giveBack(limits: Limit[]): Promise<void> {
  await Promise.all(limits.map(({ limiter, key }) => limiter.reward(key)));
}

function tooMany(counts: RateLimiterRes[]): LoginResult {
  const wait = Math.max(...counts.map((count) => count.msBeforeNext));
  return { ok: false, error: "too_many", retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
}

/** Keys are hashes: the table never holds an e-mail or an address in clear, and keys have one size. */
function digest(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\n")).digest("base64url");
}
