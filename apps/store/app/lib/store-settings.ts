/** The currencies the settings page offers; prices are kept in each one's minor units (cents). */
export const STORE_CURRENCIES = ["USD", "EUR", "GBP", "MXN"] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];

/** The shipping methods the checkout knows; each has its settings (cost, countries) in the store's. */
export const SHIPPING_METHOD_IDS = ["flat_rate", "local_pickup"] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

/** The account a bank transfer is paid into (settings `payments.bacs.details`), in WooCommerce's order. */
export const BANK_DETAIL_FIELDS = ["account_name", "bank_name", "account_number", "iban", "bic"] as const;
export type BankDetails = Record<(typeof BANK_DETAIL_FIELDS)[number], string>;

/** A Google Analytics 4 measurement id ("G-" and 4 to 20 capital letters or digits, as `PUT /settings` takes it), or nothing. */
export const GA4_MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;
