/** Only paths on this site: never `//host`, `/\host` or absolute URLs that would leave it. */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  try {
    const url = new URL(target, "http://vitrine.invalid");
    if (url.origin !== "http://vitrine.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
