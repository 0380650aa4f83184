import { ServerScript } from "../ui/server-script.tsx";

/**
 * The page loader (spec §4, a store setting; decision 0026): an overlay over the page from its
 * first paint until 1 s after the browser's `load` event. The inline script (with the page's CSP
 * nonce) turns it on and off by an attribute on `<html>`, independently of the app's own scripts:
 * without JavaScript it never shows, and a script that fails to load cannot leave it in place.
 */
export const PAGE_LOADER_DELAY_MS = 1000;

const script = `(function(d){d.dataset.pageLoader="on";addEventListener("load",function(){setTimeout(function(){d.dataset.pageLoader="done"},${PAGE_LOADER_DELAY_MS})})})(document.documentElement)`;

export function PageLoader({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      <div className="page-loader" aria-hidden="true">
        <span className="page-loader-spinner" />
      </div>
      <ServerScript nonce={nonce} html={import.meta.env.SSR ? script : ""} />
    </>
  );
}
