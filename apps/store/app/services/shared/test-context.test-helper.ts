import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "@vitrine/db";
import pino from "pino";
import { type Config, loadConfig } from "../../config.server.ts";
import { type AppContext, withDomainClients } from "../../context.server.ts";
import type { Locale } from "../../i18n/i18n.ts";
import { emptyContentSources } from "../../lib/rich-text.ts";
import { parseStoreSettings, type StoreSettings } from "../../lib/settings-resource.ts";
import { ProductListings } from "../catalogue/listings.server.ts";
import { ProductSearch } from "../catalogue/search.server.ts";
import { PhotoFeed } from "../content/photo-feed.server.ts";
import type { Mailer, MailMessage } from "../mail/mail.server.ts";
import type { SizeEncoder } from "../media/media-library.server.ts";
import type { LoginLimitSettings } from "../people/login-limits.server.ts";
import { RequestSession } from "./session.server.ts";
import { SiteCache } from "./site-cache.server.ts";

/** A mailer that keeps what it was asked to send, for tests to read. */
export type RecordingMailer = Mailer & { sent: MailMessage[] };

export function recordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return { file: null };
    },
  };
}

/** The configuration tests run with: the documented defaults, a public address, a fresh data folder. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "vitrine-test-")),
    PUBLIC_URL: "https://shop.example",
    SESSION_SECRET: "s".repeat(32),
    WALLET_SHARED_SECRET: "a wallet secret shared by the store and the wallet",
    ...env,
  });
}

/**
 * A real request context over a real database, as the server builds one for each request: the
 * session is read from `cookie`, settings are parsed from stored-value form, mail is recorded.
 */
export function testContext(options: {
  db: Database;
  config?: Config;
  settings?: Partial<StoreSettings> | Record<string, unknown>;
  locale?: Locale;
  cookie?: string | null;
  clientAddress?: string;
  mailer?: RecordingMailer;
  onInvalidate?: (tags?: readonly string[]) => void;
  /** Small numbers for tests that reach the login limits; the defaults otherwise. */
  loginLimits?: LoginLimitSettings;
  /** Render as the shared catalogue page that holds nothing of this shopper. */
  sharedPage?: boolean;
  /** A cache shared by several requests, as one server process's is. */
  siteCache?: SiteCache;
  /** One per server process: pass the same one to every context a test builds, as the server does. */
  productSearch?: ProductSearch;
  /** One per server process, as `productSearch`. */
  productListings?: ProductListings;
  /** One per server process, as `productSearch`. */
  photoFeed?: PhotoFeed;
  /** Makes each size of an uploaded picture (a test's, to fail half-way). */
  mediaEncode?: SizeEncoder;
}): AppContext & { mailer: RecordingMailer } {
  const config = options.config ?? testConfig();
  const mailer = options.mailer ?? recordingMailer();
  const productSearch = options.productSearch ?? new ProductSearch(options.db);
  const productListings = options.productListings ?? new ProductListings(options.db);
  const logger = pino({ level: "silent" });
  const context = withDomainClients(
    {
      db: options.db,
      logger,
      config,
      settings: parseStoreSettings(options.settings ?? {}) satisfies StoreSettings,
      locale: options.locale ?? "en",
      clientAddress: options.clientAddress ?? "127.0.0.1",
      session: new RequestSession(options.db, config.sessionSecret, options.cookie ?? null, false),
      sharedPage: options.sharedPage ?? false,
      cspNonce: "test-nonce",
      mailer,
      // The work runs on by itself, as after a server's answer: a test waits for what it does.
      afterAnswer: () => {},
      // As on the server, where the change feed carries this to every process's search.
      invalidatePages: (tags) => {
        productSearch.catalogueChanged();
        productListings.catalogueChanged(tags ?? null);
        options.onInvalidate?.(tags);
      },
      pageTags: new Set(),
      contentSources: emptyContentSources(),
      settingsChanged: () => {},
      siteCache: options.siteCache ?? new SiteCache(),
      productSearch,
      productListings,
      photoFeed: options.photoFeed ?? new PhotoFeed({ db: options.db, logger }),
    },
    { loginLimits: options.loginLimits, mediaEncode: options.mediaEncode },
  );
  return { ...context, mailer };
}

/** Login limits reachable in a few tries (the real ones are in the tens and hundreds). */
export const SMALL_LOGIN_LIMITS: LoginLimitSettings = {
  pair: { failures: 3, withinSeconds: 3600, blockSeconds: 900 },
  address: { failures: 4, withinSeconds: 3600 },
  account: { failures: 4, withinSeconds: 3600 },
  knownAddressSeconds: 3600,
};

/** A context that records which cached pages it was asked to drop, in `purged`. */
export function purgeRecordingContext(db: Database): ReturnType<typeof testContext> & { purged: string[][] } {
  const purged: string[][] = [];
  return { purged, ...testContext({ db, onInvalidate: (tags) => purged.push([...(tags ?? [])]) }) };
}
