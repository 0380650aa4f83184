import type { Database } from "@vitrine/db";
import type { Logger } from "pino";
import type { Config } from "./config.server.ts";
import type { Locale } from "./i18n/i18n.ts";
import type { Mailer } from "./services/mail.server.ts";
import type { RequestSession } from "./services/session.server.ts";
import type { StoreSettings } from "./services/settings.server.ts";

/** What every loader and action receives through router context; nothing reaches them as a global. */
export type AppContext = {
  db: Database;
  logger: Logger;
  config: Config;
  settings: StoreSettings;
  locale: Locale;
  session: RequestSession;
  /** Per-response nonce for inline scripts, matched by the content security policy header. */
  cspNonce: string;
  mailer: Mailer;
  /** Clears the guest page cache; call it after a change that shows on catalogue pages. */
  invalidatePages: () => void;
};

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
