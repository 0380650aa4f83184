import { createContext, useContext } from "react";

/**
 * The store's stylesheet, inlined into each page's head (issue 14, decision 0022) so that nothing
 * blocks the first paint. The server provides the text; in the browser it is empty, and React finds
 * the server's `<style>` by its `href` (a hoisted style resource) and keeps it as it is.
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
