import { Readable } from "node:stream";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { createI18n } from "../../i18n/i18n.ts";
import type { DownloadRefusal } from "../../lib/download-resource.ts";
import { verifyDownloadSignature } from "../../services/downloads/download-links.server.ts";
import {
  checkDownload,
  fileOfPermission,
  takeDownload,
} from "../../services/downloads/download-permissions.server.ts";

const linkParams = z.object({
  order: z.coerce.number().int().positive().max(2_147_483_647),
  permission: z.coerce.number().int().positive().max(2_147_483_647),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

const REFUSAL_STATUS: Record<DownloadRefusal, number> = {
  invalid: 403,
  revoked: 410,
  limit: 403,
  expired: 410,
  refunded: 403,
  not_paid: 403,
  missing: 404,
};

/** Never kept by a shared cache, nor by the browser's: each download counts. */
const PRIVATE = "private, no-store";

/**
 * A signed download link (decision 0075): the file as an attachment, counted once; or a page saying
 * why not (a bad signature, a revoked permission, its limit or its expiry reached, the order
 * refunded or not paid). A HEAD asks without counting, and is answered as its GET would be.
 */
export async function answerDownload(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
): Promise<Response> {
  const link = linkParams.safeParse(params);
  if (
    !link.success ||
    !verifyDownloadSignature(
      context.config.sessionSecret,
      link.data.order,
      link.data.permission,
      link.data.signature,
    )
  )
    return refusal(context, "invalid");
  const { order, permission } = link.data;
  // The file is looked for before the download is counted: a file gone costs the shopper nothing.
  const fileId = await fileOfPermission(context.db, order, permission);
  const file = fileId === null ? null : await context.privateFiles.fileInfo(fileId);
  if (fileId !== null && !file) {
    context.logger.error({ order, permission, fileId }, "a download's file is missing");
    return refusal(context, "missing");
  }
  if (request.method === "HEAD") {
    if (!file) return refusal(context, "revoked");
    const open = await checkDownload(context.db, order, permission);
    if (!open.ok) return refusal(context, open.refusal);
    return new Response(null, { headers: fileHeaders(file) });
  }
  const taken = await takeDownload(context.db, order, permission);
  if (!taken.ok) return refusal(context, taken.refusal);
  const opened = await context.privateFiles.openFile(taken.mediaId);
  if (!opened) return refusal(context, "missing");
  return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, {
    headers: fileHeaders(opened),
  });
}

/**
 * RFC 8187's ext-value for `filename*`: encodeURIComponent leaves `'()*` as they are, which the
 * RFC does not allow there (a strict reader may then ignore the parameter).
 */
function extValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function fileHeaders(file: { filename: string; mimeType: string; bytes: number }): Headers {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Headers({
    "Content-Type": file.mimeType,
    "Content-Length": String(file.bytes),
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${extValue(file.filename)}`,
    "Cache-Control": PRIVATE,
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex",
  });
}

/** The refusal's page: its reason in the shopper's language, and the way to their downloads. */
function refusal(context: AppLoadContext, reason: DownloadRefusal): Response {
  const t = createI18n(context.locale).t;
  const html = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const title = t("account.downloads.refusedTitle");
  const body = `<!doctype html>
<html lang="${context.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${html(title)} | ${html(context.settings.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1c1917;line-height:1.5}a{color:#1c1917}</style></head>
<body><main><h1>${html(title)}</h1><p class="download-refusal" data-reason="${reason}">${html(t(`account.downloads.refused.${reason}`))}</p>
<p><a href="/my-account/downloads">${html(t("account.downloads.backToDownloads"))}</a> · <a href="/">${html(t("account.downloads.backToStore"))}</a></p></main></body></html>`;
  return new Response(body, {
    status: REFUSAL_STATUS[reason],
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PRIVATE },
  });
}
