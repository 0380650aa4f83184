import { parseCookie, stringifySetCookie } from "cookie";

/**
 * Cookie headers through the `cookie` package (the one React Router uses), with the store's
 * defaults: path `/`, `SameSite=Lax`.
 */
export type CookieOptions = {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
};

/** A value that is not valid percent-encoding is kept as sent; surrounding double quotes go. */
function decode(raw: string): string {
  const value = raw.replace(/^"(.*)"$/, "$1");
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The request's cookies; of two with one name, the first (the most specific path) counts. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  if (!header) return {};
  const cookies: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseCookie(header, { decode })))
    if (value !== undefined) cookies[name] = value;
  return cookies;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  return stringifySetCookie(name, value, {
    path: options.path ?? "/",
    maxAge: options.maxAge === undefined ? undefined : Math.floor(options.maxAge),
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: (options.sameSite ?? "Lax").toLowerCase() as "lax" | "strict" | "none",
  });
}
