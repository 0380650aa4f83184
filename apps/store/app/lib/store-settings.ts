import type { RichText } from "./rich-text.ts";

/** The currencies the settings page offers; prices are kept in each one's minor units (cents). */
export const STORE_CURRENCIES = ["USD", "EUR", "GBP", "MXN"] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];

/** The account a bank transfer is paid into (settings `payments.bacs.details`), in WooCommerce's order. */
export const BANK_DETAIL_FIELDS = ["account_name", "bank_name", "account_number", "iban", "bic"] as const;
export type BankDetails = Record<(typeof BANK_DETAIL_FIELDS)[number], string>;

/**
 * Where Stripe sends the store's events (issue 42): the owner adds an endpoint at the store's public
 * address followed by this path in Stripe's dashboard, and pastes its signing secret in the settings.
 */
export const STRIPE_WEBHOOK_PATH = "/api/vitrine/v2/stripe/webhook";

/** A Google Analytics 4 measurement id ("G-" and 4 to 20 capital letters or digits, as `PUT /settings` takes it), or nothing. */
export const GA4_MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

/**
 * The store's legal pages (settings `legal_pages`, decisions 0051 and 0064): each names a content
 * page by id, or none. The consent banner links the privacy policy; the checkout, the terms.
 */
export type LegalPageKind = "privacy" | "terms";

/** A legal page as the storefront links it: only a published page has one. */
export type LegalPageLink = { href: string; title: string };
export type LegalPageLinks = Record<LegalPageKind, LegalPageLink | null>;

/** The terms page as the checkout's lightbox shows it: its link, title and text (decision 0064). */
export type CheckoutTerms = LegalPageLink & {
  sections: Array<{ id: number; title: string; body: RichText }>;
};
