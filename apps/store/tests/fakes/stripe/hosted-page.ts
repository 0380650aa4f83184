import type { CheckoutSession, SessionLine } from "./stripe-objects.ts";

/**
 * The fake's stand-in for Stripe's hosted Checkout page: plain HTML and forms, no script, in the
 * session's locale (English, or Spanish for `es`; `auto` or none follows the browser, as Stripe's
 * page does). It shows what the shopper is asked to pay and offers the three outcomes a test needs.
 */

export type PageView =
  | {
      kind: "open";
      session: CheckoutSession;
      lines: SessionLine[];
      shippingName: string | null;
      declined: boolean;
    }
  | { kind: "complete" | "expired"; session: CheckoutSession }
  | { kind: "missing" };

const TEXTS = {
  en: {
    title: "Checkout",
    shipping: "Shipping",
    total: "Total due",
    pay: "Pay",
    payAndFail: "Pay and fail",
    payLater: "Pay later",
    declined: "Your card was declined. Try again, or go back to the store.",
    back: "Back to the store",
    expired: "This checkout session has expired.",
    complete: "This checkout session is already complete.",
    missing: "Something went wrong: this page could not be found.",
  },
  es: {
    title: "Pago",
    shipping: "Envío",
    total: "Total a pagar",
    pay: "Pagar",
    payAndFail: "Pagar y fallar",
    payLater: "Pagar más tarde",
    declined: "Se ha rechazado tu tarjeta. Vuelve a intentarlo o regresa a la tienda.",
    back: "Volver a la tienda",
    expired: "Esta sesión de pago ha caducado.",
    complete: "Esta sesión de pago ya se ha completado.",
    missing: "Algo ha fallado: no se ha encontrado esta página.",
  },
} as const;

type Language = keyof typeof TEXTS;

export function pageLanguage(
  locale: string | null | undefined,
  acceptLanguage: string | undefined,
): Language {
  const chosen = !locale || locale === "auto" ? (acceptLanguage ?? "").split(",")[0]!.trim() : locale;
  return chosen.toLowerCase().startsWith("es") ? "es" : "en";
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Minor units to a formatted amount without binary floating point (Intl reads the decimal string). */
export function formatAmount(minor: number, currency: string, language: Language): string {
  const format = new Intl.NumberFormat(language, { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const sign = minor < 0 ? "-" : "";
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return format.format(`${sign}${decimal}` as `${number}`);
}

function layout(language: Language, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TEXTS[language].title}</title></head>
<body><main>
${body}
</main></body>
</html>`;
}

function backLink(session: CheckoutSession, language: Language): string {
  return session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">${TEXTS[language].back}</a></p>`
    : "";
}

export function renderPage(view: PageView, language: Language, action: string): string {
  const t = TEXTS[language];
  if (view.kind === "missing") return layout(language, `<h1>${t.title}</h1>\n<p>${t.missing}</p>`);
  const { session } = view;
  if (view.kind !== "open") {
    return layout(
      language,
      `<h1>${t.title}</h1>\n<p role="status">${t[view.kind]}</p>\n${backLink(session, language)}`,
    );
  }
  const currency = session.currency ?? "usd";
  const money = (minor: number) => escapeHtml(formatAmount(minor, currency, language));
  const rows = view.lines.map(
    (line) =>
      `<tr><th scope="row">${escapeHtml(line.name)}</th><td>${line.quantity} × ${money(line.unitAmount)}</td><td>${money(line.unitAmount * line.quantity)}</td></tr>`,
  );
  const shipping = session.shipping_cost;
  if (shipping) {
    rows.push(
      `<tr><th scope="row">${t.shipping}${view.shippingName ? `: ${escapeHtml(view.shippingName)}` : ""}</th><td></td><td>${money(shipping.amount_total)}</td></tr>`,
    );
  }
  const button = (outcome: string, label: string) =>
    `<form method="post" action="${escapeHtml(action)}"><button type="submit" name="outcome" value="${outcome}">${label}</button></form>`;
  return layout(
    language,
    `<h1>${t.title}</h1>
${view.declined ? `<p role="alert">${t.declined}</p>` : ""}
<table>
<tbody>
${rows.join("\n")}
</tbody>
<tfoot><tr><th scope="row">${t.total}</th><td></td><td>${money(session.amount_total ?? 0)}</td></tr></tfoot>
</table>
${button("succeeded", t.pay)}
${button("failed", t.payAndFail)}
${button("async", t.payLater)}
${backLink(session, language)}`,
  );
}
