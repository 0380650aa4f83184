import { type Locale, locales } from "../../../i18n/i18n.ts";
import type {
  AttributeInput,
  AttributeRecord,
  TermInput,
  TermRecord,
  TermUse,
} from "../../../lib/attribute-resource.ts";
import type { RestClientError, RestRequest } from "../../../lib/rest-client.ts";

/**
 * What the attributes page sends (issue 39): the bodies its forms make, in the shape
 * `attributeInput` and `termInput` take, the order a move makes, and what a refused deletion names.
 * No React: the forms and tables read from here.
 */

export const ATTRIBUTES_PATH = "/products/attributes";
export const attributePath = (id: number) => `${ATTRIBUTES_PATH}/${id}`;
export const termsPath = (attributeId: number) => `${attributePath(attributeId)}/terms`;
export const termPath = (attributeId: number, id: number) => `${termsPath(attributeId)}/${id}`;

const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** An empty slug is left out: a new one is made from the English name, a saved one stays. */
const slugOf = (form: FormData) => field(form, "slug") || undefined;

/** The names of an attribute form (`name_en`, `name_es`), its slug and its sort order. */
export function attributeBody(form: FormData): AttributeInput {
  const translations: NonNullable<AttributeInput["translations"]> = {};
  for (const locale of locales) {
    const name = field(form, `name_${locale}`);
    // An empty name is left out: the name kept in that language stays.
    if (name) translations[locale] = { name };
  }
  return {
    slug: slugOf(form),
    order_by: form.get("order_by") === "name" ? "name" : "menu_order",
    translations,
  };
}

/** The names and descriptions of a term form (`name_en`, `description_es`…) and its slug. */
export function termBody(form: FormData): TermInput {
  const translations: NonNullable<TermInput["translations"]> = {};
  for (const locale of locales) {
    const name = field(form, `name_${locale}`);
    const description = field(form, `description_${locale}`);
    translations[locale] = name ? { name, description } : { description };
  }
  return { slug: slugOf(form), translations };
}

/** A record's name in the page's language, else its English name. */
export function nameIn(record: AttributeRecord | TermRecord, locale: string): string {
  return record.translations[locale as Locale]?.name ?? record.name;
}

/**
 * Every term's id once, with `id` moved `by` places (up is -1): the body of `PUT …/terms/order`.
 * Null when it cannot move that way.
 */
export function movedOrder(terms: readonly { id: number }[], id: number, by: -1 | 1): number[] | null {
  const ids = terms.map((term) => term.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  return ids;
}

/** A deletion; `force` also takes the term (or the attribute's terms) from the products using it. */
export function deletion(path: string, force: boolean): RestRequest {
  return { path: force ? `${path}?force=true` : path, method: "DELETE" };
}

export type InUse = { code: "term_in_use" | "term_used_by_variations"; products: TermUse[] };

/** A deletion refused because products use the term, with the products it names; else null. */
export function inUseOf(failure: RestClientError): InUse | null {
  if (failure.code !== "term_in_use" && failure.code !== "term_used_by_variations") return null;
  const products = (failure.data as { products?: unknown } | null)?.products;
  if (!Array.isArray(products)) return null;
  return {
    code: failure.code,
    products: products.filter(
      (product): product is TermUse => typeof product?.id === "number" && typeof product?.name === "string",
    ),
  };
}
