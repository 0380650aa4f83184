import { ADMIN_PRIMARY_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { InputField, SelectInput } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CategoryInput } from "../../../lib/category-resource.ts";
import { pageRestClient } from "../../../lib/rest-client.ts";
import { type CategoryTreeState, categoryTexts } from "./use-category-tree.ts";

/** The form that adds a category, at the top level or under any other; it empties once added. */
export function CategoryAddForm({ tree }: { tree: CategoryTreeState }) {
  const { t } = useTranslation();
  return (
    <form
      className="grid items-end gap-3 rounded border border-stone-200 p-4 sm:grid-cols-4"
      aria-labelledby="category-add-heading"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const data = new FormData(form);
        const parent = String(data.get("parent") ?? "");
        void tree.run(async () => {
          await pageRestClient().request({
            path: "/products/categories",
            method: "POST",
            data: {
              parent: parent ? Number(parent) : null,
              translations: categoryTexts(data),
            } satisfies CategoryInput,
          });
          form.reset();
          return null;
        }, t("backOffice.categories.added"));
      }}
    >
      <h2 id="category-add-heading" className="text-lg font-semibold sm:col-span-4">
        {t("backOffice.categories.add")}
      </h2>
      <InputField
        label={t("backOffice.categories.nameEn")}
        name="name_en"
        required
        maxLength={200}
        value=""
      />
      <InputField label={t("backOffice.categories.nameEs")} name="name_es" maxLength={200} value="" />
      <SelectInput label={t("backOffice.categories.parent")} name="parent" value="">
        <option value="">{t("backOffice.categories.noParent")}</option>
        {tree.categories.map((category) => (
          <option key={category.id} value={category.id}>
            {"\u2014 ".repeat(tree.depthOf.get(category.id) ?? 0)}
            {tree.nameOf(category)}
          </option>
        ))}
      </SelectInput>
      <button type="submit" className={ADMIN_PRIMARY_BUTTON}>
        {t("backOffice.categories.addButton")}
      </button>
    </form>
  );
}
