import type { Database } from "@vitrine/db";
import type { Logger } from "pino";
import type { Config } from "./config.server.ts";
import type { Locale } from "./i18n/i18n.ts";
import type { ContentSources } from "./lib/rich-text.ts";
import type { StoreSettings } from "./lib/settings-resource.ts";
import { type CartClient, createCartClient } from "./services/cart/cart-client.server.ts";
import type { ProductListings } from "./services/catalogue/listings.server.ts";
import type { ProductSearch } from "./services/catalogue/search.server.ts";
import type { PhotoFeed } from "./services/content/photo-feed.server.ts";
import type { Mailer } from "./services/mail/mail.server.ts";
import {
  createMediaLibrary,
  type MediaLibrary,
  type SizeEncoder,
} from "./services/media/media-library.server.ts";
import { createPrivateFiles, type PrivateFiles } from "./services/media/private-files.server.ts";
import { storeFiles } from "./services/media/store-files.server.ts";
import {
  createLoginLimits,
  type LoginLimitSettings,
  type LoginLimits,
} from "./services/people/login-limits.server.ts";
import type { RequestSession } from "./services/shared/session.server.ts";
import type { SiteCache } from "./services/shared/site-cache.server.ts";
import { type ShownPrices, shownPrices } from "./services/taxes/shown-prices.server.ts";

/** What every loader and action receives through router context; nothing reaches them as a global. */
export type AppContext = {
  db: Database;
  logger: Logger;
  config: Config;
  settings: StoreSettings;
  locale: Locale;
  /**
   * The client's address: the connection's peer, or what a proxy named in TRUST_PROXY says it
   * forwarded for. Never read `X-Forwarded-For` yourself.
   */
  clientAddress: string;
  session: RequestSession;
  /**
   * This page is the shared one every shopper who is not staff gets (a catalogue page, perhaps from
   * the page cache): it must hold nothing of this shopper, so loaders leave the session alone and
   * the browser fills in the cart and the account from cookies and fragments.
   */
  sharedPage: boolean;
  /** Per-response nonce for inline scripts, matched by the content security policy header. */
  cspNonce: string;
  mailer: Mailer;
  /**
   * Work that follows the answer without holding it up (an order's confirmation mail): it runs on
   * after the answer is sent, and a shutdown waits for it as for a request. It logs its own errors.
   */
  afterAnswer: (work: Promise<void>) => void;
  /**
   * Drops cached shared pages after a change that shows on them: those that show any of `tags`
   * (services/page-tags.server.ts), or all of them when no tags are given. Every process hears it.
   */
  invalidatePages: (tags?: readonly string[]) => void;
  /** What this page shows, named by its loaders (`PageTags`), for exact purges of the page cache. */
  pageTags: Set<string>;
  /**
   * Other origins this page's content loads from (video embeds, video files, pictures; decision
   * 0027), added to its content security policy when it is sent.
   */
  contentSources: ContentSources;
  /** Menus and other rarely changing page parts, per process, emptied on every page change. */
  siteCache: SiteCache;
  /** The catalogue's search, in memory per process, kept in step through the change feed. */
  productSearch: ProductSearch;
  /** The shop's listings and their filters' counts, in memory per process, kept in step through the change feed. */
  productListings: ProductListings;
  /** The photo feed block's pictures, per process, with the photo service's answers cached. */
  photoFeed: PhotoFeed;
  /**
   * Says the store settings changed to `settings`: this process uses them from the next request on
   * (whoever changed them sees the change at once), and every other process reads them again.
   */
  settingsChanged: (settings: StoreSettings) => void;
  /** The request's cart: every entry point's cart changes go through it. */
  cart: CartClient;
  /** Password sign-in for this client's address, under the login limits: every entry point uses it. */
  loginLimits: LoginLimits;
  /** Staff's uploads: the pictures and their sizes (decision 0031). */
  mediaLibrary: MediaLibrary;
  /** Files kept with the media but never served: downloadable products' files (decision 0075). */
  privateFiles: PrivateFiles;
  /**
   * How this shopper's catalogue prices are shown (with or without tax, at their tax location):
   * every catalogue read that builds prices for a page takes it (decision 0071). Read once per request.
   */
  shownPrices: () => Promise<ShownPrices>;
};

/**
 * The request's parts plus the domain clients built on them, once per request. The login limits'
 * counters live in the database, so a client built per request still counts with every other.
 */
export function withDomainClients(
  parts: Omit<AppContext, "cart" | "loginLimits" | "mediaLibrary" | "privateFiles" | "shownPrices">,
  options: { loginLimits?: LoginLimitSettings; mediaEncode?: SizeEncoder } = {},
): AppContext {
  let prices: Promise<ShownPrices> | undefined;
  const files = storeFiles(parts.config);
  return {
    ...parts,
    shownPrices: () => {
      prices ??= shownPrices(parts.db, parts.settings, parts.session.cookies);
      return prices;
    },
    cart: createCartClient(parts),
    loginLimits: createLoginLimits(parts.db, parts.clientAddress, options.loginLimits),
    mediaLibrary: createMediaLibrary({ db: parts.db, files, encode: options.mediaEncode }),
    privateFiles: createPrivateFiles({ db: parts.db, files: files.private }),
  };
}

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
