/**
 * The one client for every `/api` call the browser makes (spec §7 "Platform REST conventions", §9
 * REST; issue 16). It adds `_locale=user`; sends the page's REST nonce as `X-Vitrine-Nonce` and, when
 * the server says the nonce is stale (`rest_cookie_invalid_nonce`), fetches a fresh one and tries
 * once more; sends PUT, PATCH and DELETE as POST with `X-HTTP-Method-Override`; fetches
 * `per_page=-1` in pages of 100 along the `Link: rel="next"` header; and finishes a media upload
 * whose sizes failed half-way with `post-process`, up to 5 times, before deleting it.
 */
export const REST_ROOT = "/api/vitrine/v2";
/** The Store API (the cart and the block checkout), which the same client calls with this root. */
export const STORE_API_ROOT = "/api/store/v1";
/** Where a signed-in page gets a fresh REST nonce (text/plain). */
export const REST_NONCE_URL = "/ajax?action=rest-nonce";
/** The header a failed upload names its half-made attachment in. */
export const UPLOAD_ATTACHMENT_HEADER = "X-Vitrine-Upload-Attachment-Id";
export const FETCH_ALL_PAGE_SIZE = 100;
export const POST_PROCESS_RETRIES = 5;

/** The client's own failures (spec §8); their messages are in `i18n` under `rest.errors.{code}`. */
export const CLIENT_ERRORS = {
  invalid_json: "The response is not a valid JSON response.",
  unknown_error: "An unknown error occurred.",
  fetch_error: "You are probably offline.",
  post_process:
    "Media upload failed. If this is a photo or a large image, please scale it down and try again.",
} as const;
export type ClientErrorCode = keyof typeof CLIENT_ERRORS;

export class RestClientError extends Error {
  override name = "RestClientError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: number | null = null,
    /** The error's `data` as the server sent it (a checkout's `params`: each field's message). */
    readonly data: unknown = null,
  ) {
    super(message);
  }

  /**
   * The message in the page's language: from the page's translations when they have the code (the
   * client's own codes always; the server's common ones), else as the server wrote it (in the
   * account's language, `_locale=user`).
   */
  translated(t: (key: string) => string): string {
    const key = `rest.errors.${this.code}`;
    const text = t(key);
    return text === key || text.includes("{{") ? this.message : text;
  }
}

export type RestRequest = {
  /** Below the REST root, with its query: `/products?per_page=-1`. */
  path: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  data?: unknown;
  /** Sent as is (a `FormData` upload). */
  body?: FormData;
  /** More headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
};

export type RestClientOptions = {
  fetch: typeof fetch;
  /** The page's current REST nonce. */
  nonce: () => string;
  /** Keeps a fresh nonce for the next calls (the page's meta tag). */
  setNonce: (nonce: string) => void;
  root?: string;
};

export type RestClient = {
  /** The answer's JSON (null for an empty answer); a `RestClientError` for any failure. */
  request<T = unknown>(request: RestRequest): Promise<T>;
  /** One page of a list (`GET`), with the totals its `X-Vitrine-Total(Pages)` headers give. */
  page<T = unknown>(path: string): Promise<ListAnswer<T>>;
};

export type ListAnswer<T> = { items: T[]; total: number; totalPages: number };

export function createRestClient(options: RestClientOptions): RestClient {
  const root = options.root ?? REST_ROOT;

  /** One HTTP exchange, with the nonce retry; answers the response, whatever its status. */
  async function send(url: string, request: RestRequest, retried = false): Promise<Response> {
    const method = request.method ?? "GET";
    const headers = new Headers({ ...request.headers, Accept: "application/json" });
    const nonce = options.nonce();
    if (nonce) headers.set("X-Vitrine-Nonce", nonce);
    let sentMethod: string = method;
    if (method === "PUT" || method === "PATCH" || method === "DELETE") {
      sentMethod = "POST";
      headers.set("X-HTTP-Method-Override", method);
    }
    let body: BodyInit | undefined;
    if (request.body) body = request.body;
    else if (request.data !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(request.data);
    }
    let response: Response;
    try {
      response = await options.fetch(url, { method: sentMethod, headers, body, credentials: "same-origin" });
    } catch {
      throw clientError("fetch_error");
    }
    if (!retried && response.status === 403) {
      const error = await readJson(response.clone()).catch(() => null);
      if ((error as { code?: unknown } | null)?.code === "rest_cookie_invalid_nonce") {
        await refreshNonce();
        return send(url, request, true);
      }
    }
    return response;
  }

  async function refreshNonce(): Promise<void> {
    let response: Response;
    try {
      response = await options.fetch(REST_NONCE_URL, { credentials: "same-origin" });
    } catch {
      throw clientError("fetch_error");
    }
    const nonce = (await response.text()).trim();
    if (!response.ok || !/^[\w-]+$/.test(nonce)) throw clientError("unknown_error", response.status);
    options.setNonce(nonce);
  }

  /** The JSON of a successful answer, or the error it stands for. */
  async function answer<T>(response: Response): Promise<T> {
    if (response.status === 204) return null as T;
    let json: unknown;
    try {
      json = await readJson(response);
    } catch {
      throw clientError("invalid_json", response.status);
    }
    if (response.ok) return json as T;
    const error = json as { code?: unknown; message?: unknown; data?: unknown } | null;
    if (typeof error?.message === "string" && error.message && typeof error.code === "string")
      throw new RestClientError(error.code, error.message, response.status, error.data ?? null);
    throw clientError("unknown_error", response.status);
  }

  async function fetchAll<T>(request: RestRequest): Promise<T> {
    let url: string | null = withLocale(
      root + request.path.replace(/([?&]per_page=)-1(?=&|$)/, `$1${FETCH_ALL_PAGE_SIZE}`),
    );
    const items: unknown[] = [];
    while (url) {
      const response: Response = await send(url, request);
      const page = await answer<unknown>(response);
      if (!Array.isArray(page)) throw clientError("invalid_json", response.status);
      items.push(...page);
      url = nextLink(response.headers.get("Link"));
    }
    return items as T;
  }

  async function upload<T>(request: RestRequest): Promise<T> {
    const response = await send(withLocale(root + request.path), request);
    const id = response.headers.get(UPLOAD_ATTACHMENT_HEADER);
    if (response.status < 500 || !id || !/^\d+$/.test(id)) return answer<T>(response);
    // The picture is stored but its sizes are not all made: ask for the rest, then give up on it.
    for (let attempt = 0; attempt < POST_PROCESS_RETRIES; attempt++) {
      const processed = await send(withLocale(`${root}/media/${id}/post-process`), {
        path: `/media/${id}/post-process`,
        method: "POST",
        data: { action: "create-image-subsizes" },
      }).catch(() => null);
      if (processed?.ok) return answer<T>(processed);
    }
    await send(withLocale(`${root}/media/${id}?force=true`), {
      path: `/media/${id}?force=true`,
      method: "DELETE",
    }).catch(() => null);
    throw clientError("post_process", response.status);
  }

  return {
    request<T>(request: RestRequest): Promise<T> {
      const method = request.method ?? "GET";
      if (method === "GET" && /[?&]per_page=-1(&|$)/.test(request.path)) return fetchAll<T>(request);
      if (method === "POST" && /^\/media\/?(\?|$)/.test(request.path)) return upload<T>(request);
      return send(withLocale(root + request.path), request).then((response) => answer<T>(response));
    },
    async page<T>(path: string): Promise<ListAnswer<T>> {
      const response = await send(withLocale(root + path), { path });
      const items = await answer<T[]>(response);
      if (!Array.isArray(items)) throw clientError("invalid_json", response.status);
      const total = Number(response.headers.get("X-Vitrine-Total") ?? items.length);
      return { items, total, totalPages: Number(response.headers.get("X-Vitrine-TotalPages") ?? 1) };
    },
  };
}

/** The page's client: the browser's fetch and the REST nonce of the page's meta tag, kept fresh there. */
export function pageRestClient(root: string = REST_ROOT): RestClient {
  const meta = () => document.querySelector<HTMLMetaElement>('meta[name="x-vitrine-nonce"]');
  return createRestClient({
    fetch: (input, init) => window.fetch(input, init),
    nonce: () => meta()?.content ?? "",
    setNonce: (nonce) => {
      meta()?.setAttribute("content", nonce);
    },
    root,
  });
}

function clientError(code: ClientErrorCode, status: number | null = null): RestClientError {
  return new RestClientError(code, CLIENT_ERRORS[code], status);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === "" ? null : JSON.parse(text);
}

/** `_locale=user`: the server answers in the signed-in user's language. */
function withLocale(url: string): string {
  if (/[?&]_locale=/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}_locale=user`;
}

/** The `rel="next"` address of a `Link` header, kept to this origin's paths; null when there is none. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (!match || !/(^|;)\s*rel="?next"?\s*(;|$)/.test(match[2]!)) continue;
    const address = new URL(match[1]!, "http://same.origin");
    // Only a path: the client never follows a link to another site with the shopper's cookies.
    return withLocale(address.pathname + address.search);
  }
  return null;
}
