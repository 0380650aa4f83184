import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import stylesheetText from "./app.css?inline";
import { StylesheetText } from "./components/layout/inline-stylesheet.tsx";
import { createI18n } from "./i18n/i18n.ts";
import { isBackOfficeHandle } from "./lib/back-office-handle.ts";
import { deferScripts } from "./lib/deferred-scripts.ts";
import { markupIn, parseStylesheet, usedCss } from "./lib/used-css.ts";

export const streamTimeout = 5_000;

/**
 * What the inline stylesheet holds while the page renders: once the page is whole, it becomes the
 * rules the page's markup uses (decision 0085); the browser loads the whole file before hydrating.
 */
const USED_CSS_MARK = "/*vitrine:used-css*/";
let stylesheet: ReturnType<typeof parseStylesheet> | undefined;

function withUsedCss(html: string): string {
  const at = html.indexOf(USED_CSS_MARK);
  if (at === -1) return html;
  stylesheet ??= parseStylesheet(stylesheetText);
  const used = usedCss(stylesheet, markupIn(html));
  return html.slice(0, at) + used + html.slice(at + USED_CSS_MARK.length);
}

/**
 * The rendered page as it is sent: its inline stylesheet filled, and a storefront page's scripts
 * after its first paint. A back-office page loads them as React Router writes them: an owner's page
 * is not judged by its first paint, and its fields answer the sooner (decision 0087).
 */
function finishedPage(page: Buffer, routerContext: EntryContext): Buffer<ArrayBuffer> {
  const html = withUsedCss(page.toString("utf8"));
  const backOffice = routerContext.staticHandlerContext.matches.some((match) =>
    isBackOfficeHandle(routerContext.routeModules[match.route.id]?.handle),
  );
  return Buffer.from(backOffice ? html : deferScripts(html), "utf8");
}

/**
 * Logs what went wrong on the server. A client's mistake (a 405 for a method a page does not take, a
 * 404) is answered and not logged: a fuzzing client would otherwise fill the log with stack traces.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const logger = (context as AppLoadContext | undefined)?.logger;
  if (logger) logger.error({ err: error, url: request.url }, "render failed");
  else console.error(error);
};

/**
 * Pages are rendered whole before they are sent: the queries are fast, and a complete document is
 * what the guest page cache and CDNs keep.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const i18n = createI18n(loadContext.locale);
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetText.Provider value={USED_CSS_MARK}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={loadContext.cspNonce} />
        </I18nextProvider>
      </StylesheetText.Provider>,
      {
        nonce: loadContext.cspNonce,
        // The page is sent whole (onAllReady): a finished Suspense boundary goes in its place, never
        // into a hidden segment that only a script moves in (pages work without JavaScript).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          shellRendered = true;
          const status = responseStatusCode;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Gathered into one buffer before it is answered: React writes a page of 120 KB in dozens
          // of small chunks, and each went through a web stream, the compression stream and a write
          // to the socket of its own (issue 14: a tenth of a page's CPU).
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () =>
            resolve(
              new Response(finishedPage(Buffer.concat(chunks), routerContext), {
                headers: responseHeaders,
                status,
              }),
            ),
          );
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.logger.error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
