import { createContext, useContext } from "react";

/**
 * The store's stylesheet, inlined into each page's head (issue 14, decision 0022) so that nothing
 * blocks the first paint: the rules the page's markup uses (decision 0085), which the server puts in
 * once the page is whole (`entry.server.tsx`). In the browser the text is empty, and React finds the
 * server's `<style>` by its `href` (a hoisted style resource) and keeps it as it is; the whole file
 * comes in beside it before hydration (`entry.client.tsx`).
 */
export const StylesheetText = createContext("");

export function InlineStylesheet({ href }: { href: string }) {
  const text = useContext(StylesheetText);
  return (
    <style href={href} precedence="default">
      {text}
    </style>
  );
}
