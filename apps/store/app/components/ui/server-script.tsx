/**
 * An inline script whose text only the server writes (`html`, given as
 * `import.meta.env.SSR ? text : ""` by the caller, so the text and whatever makes it stay out of the
 * browser's scripts). The browser keeps the element as the page brought it: hydration never rewrites
 * an inline script's text, and later renders leave it alone as long as it stays "".
 */
export function ServerScript({
  html,
  ...attributes
}: {
  html: string;
  nonce?: string;
  id?: string;
  type?: "application/json";
}) {
  return <script {...attributes} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
