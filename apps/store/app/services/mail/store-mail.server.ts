import { type Database, type MailKind, users } from "@vitrine/db";
import { asc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import { defaultLocale, isLocale, type Locale } from "../../i18n/i18n.ts";
import type { StoreSettings } from "../../lib/settings-resource.ts";
import type { OrderWithLines } from "../orders/orders.server.ts";
import type { Mailer } from "./mail.server.ts";
import type { MailLook } from "./render-mail.server.tsx";

/**
 * What every one of the store's mails reads of the request or the process (decision 0062): the
 * database, the mailer, the public address for links, and the whole settings for the mails' own
 * (switches, recipients, logo, colour).
 */
export type MailContext = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  settings: StoreSettings;
  /** The public address for links; the session secret signs a paid order's download links (decision 0075). */
  config: { publicUrl: string; sessionSecret: string };
  /**
   * Orders already read by the mails made together (an order's confirmation and the owner's new
   * order, right after the answer): each is read once for both.
   */
  orderReads?: Map<number, Promise<OrderWithLines | null>>;
};

/** The store's look in every mail: the logo made absolute (a path is the store's own), and the colour. */
export function mailLook(context: {
  settings: Pick<StoreSettings, "mails">;
  config: { publicUrl: string };
}): MailLook {
  const { logo, colour } = context.settings.mails;
  const logoUrl = logo === "" ? null : logo.startsWith("/") ? `${context.config.publicUrl}${logo}` : logo;
  return { logoUrl, colour };
}

/** A shopper's mail is in the language they ordered (or signed up) in. */
export function shopperLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** The owner's mails are in the store's default language. */
export const OWNER_LOCALE: Locale = defaultLocale;

/**
 * Where the owner's mails go: the recipients in the settings, or else (as WooCommerce's default,
 * the site's admin address) the first administrator's address. Null in a store without one.
 */
export async function ownerRecipients(context: Pick<MailContext, "db" | "settings">): Promise<string | null> {
  const { recipient } = context.settings.mails;
  if (recipient !== "") return recipient;
  const [admin] = await context.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, "administrator"))
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.email ?? null;
}

/** Whether the owner left this mail switched on (every mail is, in a fresh store). */
export function mailSwitchedOn(settings: StoreSettings, kind: MailKind): boolean {
  return settings.mails.enabled[kind];
}
