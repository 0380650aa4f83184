import type { AttributeRecord, OwnAttributeInput, ProductRecord } from "../../../lib/product-resource.ts";

/**
 * The product's own attributes (WooCommerce's custom product attributes, decision 0060) as the
 * product form edits them: a name and `|`-separated values in English and in Spanish, and whether
 * the product page shows it and its variations are chosen by it. No React.
 */
export type OwnAttributeDraft = {
  key: string;
  name: { en: string; es: string };
  values: { en: string; es: string };
  visible: boolean;
  variation: boolean;
};

let drafts = 0;
const ownKey = () => `own-${++drafts}`;

export const emptyOwnAttribute = (): OwnAttributeDraft => ({
  key: ownKey(),
  name: { en: "", es: "" },
  values: { en: "", es: "" },
  visible: true,
  variation: true,
});

/** English values: the `|`-separated list without empty ones. */
export const ownValues = (text: string) =>
  text
    .split("|")
    .map((value) => value.trim())
    .filter(Boolean);

/** Spanish values, value for value with the English ones: an empty one falls back to English. */
const translatedValues = (text: string) => {
  const values = text.split("|").map((value) => value.trim());
  while (values.length > 0 && values.at(-1) === "") values.pop();
  return values;
};

export function ownAttributeDraft(attribute: AttributeRecord): OwnAttributeDraft {
  return {
    key: ownKey(),
    name: { en: attribute.name, es: attribute.translations.es?.name ?? "" },
    values: {
      en: attribute.options.join(" | "),
      es: translatedValues((attribute.translations.es?.options ?? []).join(" | ")).join(" | "),
    },
    visible: attribute.visible,
    variation: attribute.variation,
  };
}

/** The saved product's own attributes (`id` 0 in the REST record). */
export const ownAttributeDrafts = (product: ProductRecord | null) =>
  (product?.attributes ?? []).filter((attribute) => attribute.id === 0).map(ownAttributeDraft);

/** What the form sends for one (`POST|PUT /products`' `attributes`). */
export function ownAttributeBody(draft: OwnAttributeDraft): OwnAttributeInput {
  return {
    id: 0,
    name: draft.name.en.trim(),
    options: ownValues(draft.values.en),
    visible: draft.visible,
    variation: draft.variation,
    translations: { es: { name: draft.name.es.trim(), options: translatedValues(draft.values.es) } },
  };
}

/** A saved variation's values of own attributes, by the form's key of each: the English value. */
export function ownVariationTerms(
  owns: OwnAttributeDraft[],
  attributes: ProductRecord["variations"][number]["attributes"],
): Record<string, string> {
  const terms: Record<string, string> = {};
  for (const attribute of attributes) {
    const own = attribute.id === 0 ? owns.find((each) => each.name.en === attribute.name) : undefined;
    if (own) terms[own.key] = attribute.option;
  }
  return terms;
}
