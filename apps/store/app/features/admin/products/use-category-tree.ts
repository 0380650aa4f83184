import { useState } from "react";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CategoryArrangement, CategoryInput, CategoryRecord } from "../../../lib/category-resource.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";

/** The names a category form sends, as the API takes them. */
export const categoryTexts = (form: FormData): NonNullable<CategoryInput["translations"]> => ({
  en: { name: String(form.get("name_en") ?? "") },
  es: { name: String(form.get("name_es") ?? "") },
});

/**
 * The tree as the server last answered it, and what changes it: `run` sends a call and then shows
 * the tree it answers (or reads it again), saying how it went; the moves send the tree's whole shape.
 */
export function useCategoryTree(initial: CategoryRecord[]) {
  const { t, i18n } = useTranslation();
  const [categories, setCategories] = useState(initial);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const locale = i18n.language === "es" ? "es" : "en";
  const nameOf = (category: CategoryRecord) =>
    category.translations[locale]?.name ?? category.translations.en?.name ?? category.slug;
  const depthOf = new Map<number, number>();
  for (const category of categories)
    depthOf.set(category.id, category.parent === null ? 0 : (depthOf.get(category.parent) ?? 0) + 1);

  async function run(action: () => Promise<CategoryRecord[] | null>, done: string) {
    setMessage(null);
    try {
      const next =
        (await action()) ??
        (await pageRestClient().request<CategoryRecord[]>({ path: "/products/categories" }));
      setCategories(next);
      setMessage({ text: done, error: false });
    } catch (error) {
      setMessage({
        text: error instanceof RestClientError ? error.translated(t) : String(error),
        error: true,
      });
    }
  }

  const arrange = (arrangement: CategoryArrangement, done: string) =>
    run(
      () =>
        pageRestClient().request<CategoryRecord[]>({
          path: "/products/categories/order",
          method: "PUT",
          data: arrangement,
        }),
      done,
    );

  /** The tree's shape now: siblings keep the order they appear in. */
  const shape = (): CategoryArrangement =>
    categories.map((category) => ({ id: category.id, parent: category.parent }));
  const siblingsOf = (category: CategoryRecord) =>
    categories.filter((each) => each.parent === category.parent);

  function move(category: CategoryRecord, by: -1 | 1) {
    const siblings = siblingsOf(category);
    const other = siblings[siblings.indexOf(category) + by];
    if (!other) return;
    const arrangement = shape();
    const a = arrangement.findIndex((entry) => entry.id === category.id);
    const b = arrangement.findIndex((entry) => entry.id === other.id);
    [arrangement[a], arrangement[b]] = [arrangement[b]!, arrangement[a]!];
    void arrange(arrangement, t("backOffice.categories.moved", { name: nameOf(category) }));
  }

  function indent(category: CategoryRecord) {
    const siblings = siblingsOf(category);
    const above = siblings[siblings.indexOf(category) - 1];
    if (!above) return;
    // Last among the children of the one above it.
    const arrangement = shape().filter((entry) => entry.id !== category.id);
    arrangement.push({ id: category.id, parent: above.id });
    void arrange(arrangement, t("backOffice.categories.moved", { name: nameOf(category) }));
  }

  function outdent(category: CategoryRecord) {
    const parent = categories.find((each) => each.id === category.parent);
    if (!parent) return;
    // Right after its old parent, among its old parent's siblings.
    const arrangement = shape().filter((entry) => entry.id !== category.id);
    arrangement.splice(arrangement.findIndex((entry) => entry.id === parent.id) + 1, 0, {
      id: category.id,
      parent: parent.parent,
    });
    void arrange(arrangement, t("backOffice.categories.moved", { name: nameOf(category) }));
  }

  return { categories, message, nameOf, depthOf, siblingsOf, run, move, indent, outdent };
}

export type CategoryTreeState = ReturnType<typeof useCategoryTree>;
