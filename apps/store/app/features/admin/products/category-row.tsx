import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { InputField } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CategoryInput, CategoryRecord } from "../../../lib/category-resource.ts";
import { pageRestClient } from "../../../lib/rest-client.ts";
import type { PickedPicture } from "../media/media-choice.ts";
import { CategoryPicture } from "./category-picture.tsx";
import { type CategoryTreeState, categoryTexts } from "./use-category-tree.ts";

/**
 * One category of the tree, indented by its depth: its names (saved by the row's own form), how many
 * products it has, and the buttons that move it among its siblings, in and out of a parent, or delete
 * it; then its picture.
 */
export function CategoryRow({
  category,
  pictures,
  tree,
}: {
  category: CategoryRecord;
  pictures: PickedPicture[];
  tree: CategoryTreeState;
}) {
  const { t } = useTranslation();
  const siblings = tree.siblingsOf(category);
  const index = siblings.indexOf(category);
  const name = tree.nameOf(category);
  return (
    <li
      className="category-row rounded border border-stone-200 p-3"
      style={{ marginInlineStart: `${(tree.depthOf.get(category.id) ?? 0) * 2}rem` }}
      aria-label={name}
    >
      <form
        className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          void tree.run(
            async () => {
              await pageRestClient().request({
                path: `/products/categories/${category.id}`,
                method: "PUT",
                data: {
                  translations: categoryTexts(data),
                  slug: String(data.get("slug") ?? "").trim() || undefined,
                } satisfies CategoryInput,
              });
              return null;
            },
            t("backOffice.categories.saved", { name: String(data.get("name_en")) }),
          );
        }}
      >
        <InputField
          label={t("backOffice.categories.nameEn")}
          name="name_en"
          required
          maxLength={200}
          value={category.translations.en?.name ?? ""}
        />
        <InputField
          label={t("backOffice.categories.nameEs")}
          name="name_es"
          maxLength={200}
          value={category.translations.es?.name ?? ""}
        />
        <InputField
          label={t("backOffice.categories.address")}
          name="slug"
          required
          maxLength={200}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          value={category.slug}
        />
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
          onClick={() => tree.move(category, -1)}
          aria-label={t("backOffice.categories.moveUp", { name })}
        >
          ↑
        </button>
        <button
          type="button"
          className={ADMIN_ROW_BUTTON}
          disabled={index === siblings.length - 1}
          onClick={() => tree.move(category, 1)}
          aria-label={t("backOffice.categories.moveDown", { name })}
        >
          ↓
        </button>
        <button
          type="button"
          className={ADMIN_ROW_BUTTON}
          disabled={index === 0}
          onClick={() => tree.indent(category)}
          aria-label={t("backOffice.categories.indent", { name })}
        >
          →
        </button>
        <button
          type="button"
          className={ADMIN_ROW_BUTTON}
          disabled={category.parent === null}
          onClick={() => tree.outdent(category)}
          aria-label={t("backOffice.categories.outdent", { name })}
        >
          ←
        </button>
        <button
          type="button"
          className={`${ADMIN_ROW_BUTTON} text-sale`}
          onClick={() =>
            void tree.run(
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
      <CategoryPicture category={category} name={name} pictures={pictures} tree={tree} />
    </li>
  );
}
