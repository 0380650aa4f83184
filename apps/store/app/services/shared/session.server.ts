import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type Database, sessions } from "@vitrine/db";
import { and, eq, gt } from "drizzle-orm";
import { ACCOUNT_HINT_COOKIE, type AccountHint } from "../../lib/account-hint.ts";
import type { Notice } from "../../lib/notices.ts";
import { parseCookies, serializeCookie } from "./cookies.server.ts";

export type { Notice };

export const SESSION_COOKIE = "vitrine_session";
/**
 * Present while the session holds notices to show: the next page is rendered for this shopper, not
 * taken from the shared page cache (where the notice would be missing).
 */
export const NOTICES_COOKIE = "vitrine_notices";
/** A guest's cart outlives a closed browser: the session lasts 30 days from the last visit. */
const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

export type Session = {
  id: string;
  userId: number | null;
  nonceSecret: string;
  data: Record<string, unknown>;
  expiresAt: Date;
};

/**
 * The session of one request: read lazily, created only when something needs it (a cart, a login),
 * so guests without one keep getting the same cacheable HTML.
 */
export class RequestSession {
  #loaded: Promise<Session | null> | undefined;
  /** Set-Cookie values by cookie name: the last word on each cookie wins. */
  readonly #setCookies = new Map<string, string>();
  readonly hasCookie: boolean;
  readonly #cookieValue: string | undefined;
  readonly #noticesFlagged: boolean;
  /** The request's cookies (the catalogue's tax location reads its own: decision 0071). */
  readonly cookies: Readonly<Record<string, string>>;

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    cookieHeader: string | null,
    private readonly secure: boolean,
  ) {
    const cookies = parseCookies(cookieHeader);
    this.cookies = cookies;
    this.#cookieValue = cookies[SESSION_COOKIE];
    this.hasCookie = this.#cookieValue !== undefined;
    this.#noticesFlagged = NOTICES_COOKIE in cookies;
  }

  get(): Promise<Session | null> {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }

  async getOrCreate(): Promise<Session> {
    const existing = await this.get();
    if (existing) return existing;
    const session: Session = {
      id: randomBytes(24).toString("base64url"),
      userId: null,
      nonceSecret: randomBytes(16).toString("base64url"),
      data: {},
      expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
    };
    await this.db.insert(sessions).values(session);
    this.#loaded = Promise.resolve(session);
    this.#setCookies.set(SESSION_COOKIE, this.#cookie(session.id));
    return session;
  }

  /**
   * Signs the shopper in: a new session id (so an id known before login is worth nothing after it)
   * carrying the user and the old session's data; the old row goes.
   */
  async login(userId: number, hint: AccountHint): Promise<Session> {
    const previous = await this.get();
    const session: Session = {
      id: randomBytes(24).toString("base64url"),
      userId,
      nonceSecret: randomBytes(16).toString("base64url"),
      data: previous?.data ?? {},
      expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
    };
    await this.db.insert(sessions).values(session);
    if (previous) await this.db.delete(sessions).where(eq(sessions.id, previous.id));
    this.#loaded = Promise.resolve(session);
    this.#setCookies.set(SESSION_COOKIE, this.#cookie(session.id));
    this.#setCookies.set(
      ACCOUNT_HINT_COOKIE,
      serializeCookie(ACCOUNT_HINT_COOKIE, hint, {
        maxAge: (SESSION_DAYS * DAY_MS) / 1000,
        secure: this.secure,
        sameSite: "Lax",
      }),
    );
    return session;
  }

  async logout(): Promise<void> {
    const previous = await this.get();
    if (previous) await this.db.delete(sessions).where(eq(sessions.id, previous.id));
    this.#loaded = Promise.resolve(null);
    this.#setCookies.set(
      SESSION_COOKIE,
      serializeCookie(SESSION_COOKIE, "", {
        maxAge: 0,
        httpOnly: true,
        secure: this.secure,
        sameSite: "Lax",
      }),
    );
    this.#setCookies.set(
      ACCOUNT_HINT_COOKIE,
      serializeCookie(ACCOUNT_HINT_COOKIE, "", { maxAge: 0, secure: this.secure, sameSite: "Lax" }),
    );
  }

  async pushNotice(notice: Notice): Promise<void> {
    const session = await this.getOrCreate();
    const notices = [...((session.data.notices as Notice[] | undefined) ?? []), notice];
    session.data = { ...session.data, notices };
    await this.db.update(sessions).set({ data: session.data }).where(eq(sessions.id, session.id));
    this.#setCookies.set(
      NOTICES_COOKIE,
      serializeCookie(NOTICES_COOKIE, "1", {
        maxAge: 3600,
        httpOnly: true,
        secure: this.secure,
        sameSite: "Lax",
      }),
    );
  }

  async takeNotices(): Promise<Notice[]> {
    const session = await this.get();
    const notices = (session?.data.notices as Notice[] | undefined) ?? [];
    if (this.#noticesFlagged)
      this.#setCookies.set(
        NOTICES_COOKIE,
        serializeCookie(NOTICES_COOKIE, "", {
          maxAge: 0,
          httpOnly: true,
          secure: this.secure,
          sameSite: "Lax",
        }),
      );
    if (!session || notices.length === 0) return [];
    const { notices: _taken, ...rest } = session.data;
    session.data = rest;
    await this.db.update(sessions).set({ data: rest }).where(eq(sessions.id, session.id));
    return notices;
  }

  /**
   * Headers to send with the response: the session cookie when it was created, renewed or ended,
   * with the account hint and the notices flag when they changed.
   */
  headers(): Headers {
    const headers = new Headers();
    for (const cookie of this.#setCookies.values()) headers.append("Set-Cookie", cookie);
    return headers;
  }

  async #load(): Promise<Session | null> {
    const id = verify(this.#cookieValue, this.secret);
    if (!id) return null;
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
    if (!row) return null;
    // Sliding expiry, renewed at most once a day to keep reads cheap.
    if (row.expiresAt.getTime() - Date.now() < (SESSION_DAYS - 1) * DAY_MS) {
      row.expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
      await this.db.update(sessions).set({ expiresAt: row.expiresAt }).where(eq(sessions.id, id));
      this.#setCookies.set(SESSION_COOKIE, this.#cookie(id));
    }
    return {
      id: row.id,
      userId: row.userId,
      nonceSecret: row.nonceSecret,
      data: row.data,
      expiresAt: row.expiresAt,
    };
  }

  #cookie(id: string): string {
    return serializeCookie(SESSION_COOKIE, `${id}.${sign(id, this.secret)}`, {
      maxAge: (SESSION_DAYS * DAY_MS) / 1000,
      httpOnly: true,
      secure: this.secure,
      sameSite: "Lax",
    });
  }
}

function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

function verify(cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const dot = cookieValue.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = cookieValue.slice(0, dot);
  const given = Buffer.from(cookieValue.slice(dot + 1));
  const expected = Buffer.from(sign(id, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
