/**
 * WooCommerce's flat rate cost expression (`10 + 2 * [qty]`, `[fee percent="10" min_fee="3"]`),
 * read by a small parser instead of an evaluator of code, in exact fractions (bigint numerator and
 * denominator): money never passes through binary floating point. Amounts in the expression are in
 * the store's currency's major units ("4.95"); the result is rounded to minor units (cents), half
 * away from zero.
 *
 * Grammar: sum := product (("+" | "-") product)*; product := unary (("*" | "/") unary)*;
 * unary := "-" unary | "(" sum ")" | number | [qty] | [cost] | [fee …]. As WooCommerce does, spaces
 * are ignored, a comma is a decimal point, and a leading "+ * /" or a trailing "+ - * /" is dropped.
 */

/** An exact fraction n / d, d > 0. */
type Fraction = { n: bigint; d: bigint };

/** What the placeholders stand for: the items' quantity and their cost, in minor units. */
export type CostVariables = { qty: number; cost: number };

const ZERO: Fraction = { n: 0n, d: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function fraction(n: bigint, d: bigint): Fraction {
  if (d === 0n) throw new CostExpressionError("division by zero");
  const sign = d < 0n ? -1n : 1n;
  const divisor = gcd(n, d) || 1n;
  return { n: (sign * n) / divisor, d: (sign * d) / divisor };
}

const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Fraction, b: Fraction) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
const div = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);
const less = (a: Fraction, b: Fraction) => a.n * b.d < b.n * a.d;

/** "4.95" → 495/100; null when the text is not a plain decimal number. */
export function decimalFraction(text: string): Fraction | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim().replace(",", "."));
  if (!match || (match[1] === "" && (match[2] ?? "") === "")) return null;
  const decimals = match[2] ?? "";
  return fraction(BigInt(`${match[1] || "0"}${decimals}`), 10n ** BigInt(decimals.length));
}

/** A fraction of major units in minor units (cents), rounded half away from zero. */
function toMinorUnits(value: Fraction): number {
  const scaled = value.n * 100n;
  const whole = scaled / value.d;
  const twiceRest = (scaled % value.d) * 2n;
  const away = twiceRest >= value.d ? 1n : twiceRest <= -value.d ? -1n : 0n;
  return Number(whole + away);
}

export class CostExpressionError extends Error {
  override name = "CostExpressionError";
}

/** The attributes of a `[fee …]` shortcode: `percent="10" min_fee="2" max_fee=""`. */
function feeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const body = text.replace(/^\[fee/, "").replace(/\]$/, "");
  const rest = body.replace(/(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g, (_all, name, a, b, c) => {
    attributes[name] = a ?? b ?? c ?? "";
    return "";
  });
  if (rest.trim() !== "") throw new CostExpressionError("unreadable fee");
  for (const name of Object.keys(attributes))
    if (!["percent", "min_fee", "max_fee"].includes(name))
      throw new CostExpressionError("unknown fee setting");
  return attributes;
}

/** A fee: `percent` of the cost (rounded to cents), then raised to `min_fee`, lowered to `max_fee`. */
function fee(text: string, cost: Fraction): Fraction {
  const attributes = feeAttributes(text);
  const amount = (name: string) => {
    const value = attributes[name] ?? "";
    if (value === "") return null;
    const parsed = decimalFraction(value);
    if (!parsed) throw new CostExpressionError(`${name} is not a number`);
    return parsed;
  };
  const percent = amount("percent");
  let result = percent
    ? fraction(BigInt(toMinorUnits(mul(cost, div(percent, fraction(100n, 1n))))), 100n)
    : ZERO;
  const min = amount("min_fee");
  const max = amount("max_fee");
  if (min && less(result, min)) result = min;
  if (max && less(max, result)) result = max;
  return result;
}

type Token = { kind: "number" | "op" | "fee" | "qty" | "cost"; text: string };

const TOKEN = /\d+(?:[.,]\d*)?|[.,]\d+|\[qty\]|\[cost\]|\[fee\b[^\]]*\]|[-+*/()]/y;

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const text = expression.replace(/\s+(?![^[]*\])/g, "");
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new CostExpressionError(`unexpected "${text.slice(at, at + 10)}"`);
    const word = match[0];
    if (word === "[qty]") tokens.push({ kind: "qty", text: word });
    else if (word === "[cost]") tokens.push({ kind: "cost", text: word });
    else if (word.startsWith("[fee")) tokens.push({ kind: "fee", text: word });
    else if (/^[-+*/()]$/.test(word)) tokens.push({ kind: "op", text: word });
    else tokens.push({ kind: "number", text: word });
  }
  // WooCommerce trims operators left dangling at either end ("5 +" is 5).
  while (tokens[0]?.kind === "op" && "+*/".includes(tokens[0].text)) tokens.shift();
  while (tokens.at(-1)?.kind === "op" && "+-*/".includes(tokens.at(-1)?.text ?? "")) tokens.pop();
  return tokens;
}

function evaluateTokens(tokens: Token[], variables: CostVariables): Fraction {
  let index = 0;
  const qty = fraction(BigInt(variables.qty), 1n);
  const cost = fraction(BigInt(variables.cost), 100n);
  const peek = () => tokens[index];
  const unary = (): Fraction => {
    const token = tokens[index++];
    if (!token) throw new CostExpressionError("the expression ends too soon");
    if (token.kind === "number") return decimalFraction(token.text) ?? ZERO;
    if (token.kind === "qty") return qty;
    if (token.kind === "cost") return cost;
    if (token.kind === "fee") return fee(token.text, cost);
    if (token.text === "-") return sub(ZERO, unary());
    if (token.text === "(") {
      const inner = sum();
      if (tokens[index++]?.text !== ")") throw new CostExpressionError("a bracket is not closed");
      return inner;
    }
    throw new CostExpressionError(`unexpected "${token.text}"`);
  };
  const product = (): Fraction => {
    let value = unary();
    while (peek()?.text === "*" || peek()?.text === "/") {
      const op = tokens[index++]!.text;
      value = op === "*" ? mul(value, unary()) : div(value, unary());
    }
    return value;
  };
  const sum = (): Fraction => {
    let value = product();
    while (peek()?.text === "+" || peek()?.text === "-") {
      const op = tokens[index++]!.text;
      value = op === "+" ? add(value, product()) : sub(value, product());
    }
    return value;
  };
  const value = sum();
  if (index < tokens.length) throw new CostExpressionError(`unexpected "${tokens[index]!.text}"`);
  return value;
}

/**
 * The expression's value in minor units for these variables; an empty expression is 0.
 * Throws CostExpressionError when it cannot be read (or divides by zero).
 */
export function evaluateCost(expression: string, variables: CostVariables): number {
  const tokens = tokenize(expression);
  if (tokens.length === 0) return 0;
  return toMinorUnits(evaluateTokens(tokens, variables));
}

/** Whether the owner's expression can be read, tried as WooCommerce's form does (cost 1, qty 1). */
export function isCostExpression(expression: string): boolean {
  try {
    evaluateCost(expression, { qty: 1, cost: 100 });
    return true;
  } catch {
    return false;
  }
}
