import { z } from "zod";
import { locales } from "../../i18n/i18n.ts";
import { STORE_MAIL_KINDS } from "../../lib/store-mails.ts";
import { previewMail } from "../../services/mail/mail-previews.server.tsx";
import * as rest from "./rest-route.server.ts";

/**
 * `GET /mails/{kind}/preview?lang=en|es`, for administrators (decision 0062): the mail of that kind
 * as the store would send it now (subject, recipient, HTML and plain text), made from the latest
 * order or a sample; nothing is sent. Which mails are on, and their recipients and look, are
 * settings (`PUT /settings` with `mails`).
 */

const previewQuery = z.object({
  kind: z.enum(STORE_MAIL_KINDS as [string, ...string[]]),
  lang: z.enum(locales).default("en"),
});

const readPreview: rest.Handler = async (context, _caller, req, res) => {
  const query = rest.parsed(previewQuery, { kind: req.params.kind, lang: req.query.lang }, "kind");
  const preview = await previewMail(context, query.kind as (typeof STORE_MAIL_KINDS)[number], query.lang);
  res.set("Cache-Control", "no-store").json({
    kind: preview.kind,
    lang: preview.locale,
    to: preview.to,
    subject: preview.subject,
    html: preview.html,
    text: preview.text,
    order_id: preview.orderId,
  });
};

export const mailRoutes: rest.RestRoute[] = [
  { method: "get", path: "/mails/:kind/preview", needs: "admin", handler: readPreview },
];
