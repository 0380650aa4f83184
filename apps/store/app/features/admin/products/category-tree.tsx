import { useState } from "react";
import { ADMIN_FIELD, ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";

/** A category as `GET /products/categories` answers it: parents first, siblings in their order. */
export type CategoryRecord = {
  id: number;
  slug: string;
  parent: number | null;
  position: number;
  product_count: number;
  translations: Partial<Record<"en" | "es", { name: string; description: string }>>;
};

type Arrangement = Array<{ id: number; parent: number | null }>;

/**
 * The category tree of the back office (issue 16): names in both languages, explicit ordering with
 * buttons (up, down, into the one above, out of its parent), which work by keyboard and screen
 * reader alike; every move sends the whole tree's shape, which the server checks and answers.
 */
export function CategoryTree({ initial }: { initial: CategoryRecord[] }) {
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

  const arrange = (arrangement: Arrangement, done: string) =>
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
  const shape = (): Arrangement =>
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

  const texts = (form: FormData) => ({
    en: { name: String(form.get("name_en") ?? "") },
    es: { name: String(form.get("name_es") ?? "") },
  });

  return (
    <div className="space-y-8">
      <form
        className="grid items-end gap-3 rounded border border-stone-200 p-4 sm:grid-cols-4"
        aria-labelledby="category-add-heading"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const parent = String(data.get("parent") ?? "");
          void run(async () => {
            await pageRestClient().request({
              path: "/products/categories",
              method: "POST",
              data: { parent: parent ? Number(parent) : null, translations: texts(data) },
            });
            form.reset();
            return null;
          }, t("backOffice.categories.added"));
        }}
      >
        <h2 id="category-add-heading" className="text-lg font-semibold sm:col-span-4">
          {t("backOffice.categories.add")}
        </h2>
        <label className="text-sm">
          {t("backOffice.categories.nameEn")}
          <input name="name_en" required maxLength={200} className={ADMIN_FIELD} />
        </label>
        <label className="text-sm">
          {t("backOffice.categories.nameEs")}
          <input name="name_es" maxLength={200} className={ADMIN_FIELD} />
        </label>
        <label className="text-sm">
          {t("backOffice.categories.parent")}
          <select name="parent" className={ADMIN_FIELD}>
            <option value="">{t("backOffice.categories.noParent")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {"\u2014 ".repeat(depthOf.get(category.id) ?? 0)}
                {nameOf(category)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 text-white">
          {t("backOffice.categories.addButton")}
        </button>
      </form>

      <div aria-live="polite">
        {message && (
          <p role={message.error ? "alert" : "status"} className={message.error ? "text-sale" : ""}>
            {message.text}
          </p>
        )}
      </div>

      <ul className="category-tree space-y-2" aria-label={t("backOffice.categories.title")}>
        {categories.map((category) => {
          const siblings = siblingsOf(category);
          const index = siblings.indexOf(category);
          const name = nameOf(category);
          return (
            <li
              key={category.id}
              className="category-row rounded border border-stone-200 p-3"
              style={{ marginInlineStart: `${(depthOf.get(category.id) ?? 0) * 2}rem` }}
              aria-label={name}
            >
              <form
                className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]"
                onSubmit={(event) => {
                  event.preventDefault();
                  const data = new FormData(event.currentTarget);
                  void run(
                    async () => {
                      await pageRestClient().request({
                        path: `/products/categories/${category.id}`,
                        method: "PUT",
                        data: { translations: texts(data) },
                      });
                      return null;
                    },
                    t("backOffice.categories.saved", { name: String(data.get("name_en")) }),
                  );
                }}
              >
                <label className="text-sm">
                  {t("backOffice.categories.nameEn")}
                  <input
                    name="name_en"
                    required
                    maxLength={200}
                    defaultValue={category.translations.en?.name ?? ""}
                    className={ADMIN_FIELD}
                  />
                </label>
                <label className="text-sm">
                  {t("backOffice.categories.nameEs")}
                  <input
                    name="name_es"
                    maxLength={200}
                    defaultValue={category.translations.es?.name ?? ""}
                    className={ADMIN_FIELD}
                  />
                </label>
                <button
                  type="submit"
                  className={ADMIN_ROW_BUTTON}
                  aria-label={t("backOffice.categories.saveNamed", { name })}
                >
                  {t("backOffice.categories.save")}
                </button>
              </form>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                <span className="text-stone-600">
                  {t("backOffice.categories.products", { count: category.product_count })}
                </span>
                <button
                  type="button"
                  className={ADMIN_ROW_BUTTON}
                  disabled={index === 0}
                  onClick={() => move(category, -1)}
                  aria-label={t("backOffice.categories.moveUp", { name })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={ADMIN_ROW_BUTTON}
                  disabled={index === siblings.length - 1}
                  onClick={() => move(category, 1)}
                  aria-label={t("backOffice.categories.moveDown", { name })}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={ADMIN_ROW_BUTTON}
                  disabled={index === 0}
                  onClick={() => indent(category)}
                  aria-label={t("backOffice.categories.indent", { name })}
                >
                  →
                </button>
                <button
                  type="button"
                  className={ADMIN_ROW_BUTTON}
                  disabled={category.parent === null}
                  onClick={() => outdent(category)}
                  aria-label={t("backOffice.categories.outdent", { name })}
                >
                  ←
                </button>
                <button
                  type="button"
                  className={`${ADMIN_ROW_BUTTON} text-sale`}
                  onClick={() =>
                    void run(
                      async () => {
                        await pageRestClient().request({
                          path: `/products/categories/${category.id}`,
                          method: "DELETE",
                        });
                        return null;
                      },
                      t("backOffice.categories.deleted", { name }),
                    )
                  }
                  aria-label={t("backOffice.categories.deleteNamed", { name })}
                >
                  {t("backOffice.categories.delete")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
