/**
 * Stripe's request parameters as the API reads them: form-encoded with brackets
 * (`line_items[0][price_data][currency]=eur`, the way stripe-node writes them), checked one by one
 * with Stripe's error shape, so that a call Stripe would refuse fails against the fake too.
 */

export type Param = string | Params | Param[];
export type Params = { [name: string]: Param };

/** An error answer in Stripe's shape: `{ error: { type, code, message, param } }` with its status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code
          ? {
              code: this.code,
              doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll("_", "-")}`,
            }
          : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, "invalid_request_error", message, code, param);

/**
 * `a[b][0][c]=v` pairs into nested objects; an object whose keys are all indexes becomes an array
 * (Stripe reads `items[0]`, `items[1]` as a list, as it does `items[]`).
 */
export function decodeParams(encoded: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw invalid(`Invalid parameter name: ${key}`, key);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Params = root;
    path.forEach((segment, at) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (at === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === "string") throw invalid(`Invalid hash: ${path.slice(0, at + 1).join(".")}`, key);
      node[name] ??= {};
      node = node[name] as Params;
    });
  }
  return listsOf(root) as Params;
}

function listsOf(value: Param): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, listsOf(value[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

/** One text for a set of parameters, whatever their order: what idempotency compares. */
export function canonical(value: Param): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`)
    .join(",")}}`;
}

/**
 * Reads one level of parameters, naming each by its full bracket path in errors
 * (`line_items[0][quantity]`), as Stripe does.
 */
export class ParamReader {
  constructor(
    private readonly params: Params,
    private readonly prefix = "",
  ) {}

  private name(key: string) {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** Stripe refuses a parameter it does not know rather than ignoring it. */
  only(...known: string[]) {
    for (const key of Object.keys(this.params)) {
      if (!known.includes(key)) {
        throw invalid(`Received unknown parameter: ${this.name(key)}`, this.name(key), "parameter_unknown");
      }
    }
    return this;
  }

  has(key: string) {
    return this.params[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw invalid(`Invalid string: ${this.name(key)}`, this.name(key));
    if (value === "") {
      throw invalid(
        `You passed an empty string for '${this.name(key)}'. We assume empty values are an attempt to unset a parameter; however '${this.name(key)}' cannot be unset. You should remove '${this.name(key)}' from your request or supply a non-empty value.`,
        this.name(key),
        "parameter_invalid_empty",
      );
    }
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw missing(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value !== undefined && !allowed.includes(value as T)) {
      throw invalid(`Invalid ${this.name(key)}: must be one of ${allowed.join(", ")}`, this.name(key));
    }
    return value as T | undefined;
  }

  /** Integers only: Stripe refuses `12.5` or `1e3` for an amount (`parameter_invalid_integer`). */
  integer(key: string, min?: number): number | undefined {
    const text = this.string(key);
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text))
      throw invalid(`Invalid integer: ${text}`, this.name(key), "parameter_invalid_integer");
    const value = Number(text);
    if (!Number.isSafeInteger(value))
      throw invalid(`This integer is too large: ${text}`, this.name(key), "parameter_invalid_integer");
    if (min !== undefined && value < min) {
      const kind = min === 0 ? "non-negative" : "positive";
      throw invalid(`Invalid ${kind} integer`, this.name(key), "parameter_invalid_integer");
    }
    return value;
  }

  requiredInteger(key: string, min?: number): number {
    const value = this.integer(key, min);
    if (value === undefined) throw missing(this.name(key));
    return value;
  }

  object(key: string): ParamReader | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value !== "object" || Array.isArray(value)) throw invalid(`Invalid object`, this.name(key));
    return new ParamReader(value, this.name(key));
  }

  requiredObject(key: string): ParamReader {
    const value = this.object(key);
    if (!value) throw missing(this.name(key));
    return value;
  }

  list(key: string): ParamReader[] | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalid(`Invalid array`, this.name(key));
    return value.map((item, at) => {
      const name = `${this.name(key)}[${at}]`;
      if (typeof item !== "object" || Array.isArray(item)) throw invalid(`Invalid object`, name);
      return new ParamReader(item, name);
    });
  }

  /** A list of plain values (`payment_method_types[0]=card`). */
  strings(key: string): string[] | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
      throw invalid("Invalid array", this.name(key));
    return value as string[];
  }

  /** Metadata as Stripe limits it: 50 keys, names up to 40 characters, values up to 500. */
  metadata(key = "metadata"): Record<string, string> {
    const value = this.params[key];
    if (value === undefined) return {};
    if (typeof value !== "object" || Array.isArray(value)) throw invalid(`Invalid object`, this.name(key));
    const entries = Object.entries(value);
    if (entries.length > 50) throw invalid(`Metadata can have up to 50 keys.`, this.name(key));
    const metadata: Record<string, string> = {};
    for (const [name, item] of entries) {
      if (typeof item !== "string")
        throw invalid(`Invalid string: ${this.name(key)}[${name}]`, `${this.name(key)}[${name}]`);
      if (name.length > 40)
        throw invalid(`Metadata keys can be up to 40 characters long.`, `${this.name(key)}[${name}]`);
      if (item.length > 500)
        throw invalid(`Metadata values can be up to 500 characters long.`, `${this.name(key)}[${name}]`);
      // An empty value unsets a key, which on a new object means no key.
      if (item !== "") metadata[name] = item;
    }
    return metadata;
  }

  /** `expand[]`: the names asked for, each checked against what this endpoint can expand. */
  expand(allowed: readonly string[]): string[] {
    const value = this.strings("expand") ?? [];
    for (const item of value) {
      if (!allowed.includes(item)) {
        throw invalid(`This property cannot be expanded (${item}).`, "expand");
      }
    }
    return value;
  }
}

export const missing = (name: string) =>
  invalid(`Missing required param: ${name}.`, name, "parameter_missing");
