import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CategoryRecord } from "../../../lib/category-resource.ts";
import type { PickedPicture } from "../media/media-choice.ts";
import { CategoryAddForm } from "./category-add-form.tsx";
import { CategoryRow } from "./category-row.tsx";
import { useCategoryTree } from "./use-category-tree.ts";

/**
 * The category tree of the back office (issue 16): names in both languages, explicit ordering with
 * buttons (up, down, into the one above, out of its parent), which work by keyboard and screen
 * reader alike; every move sends the whole tree's shape, which the server checks and answers. Each
 * category's picture is chosen in the media picker dialog.
 */
export function CategoryTree({
  initial,
  pictures,
}: {
  initial: CategoryRecord[];
  /** The pictures the categories show, by name and thumbnail. */
  pictures: PickedPicture[];
}) {
  const { t } = useTranslation();
  const tree = useCategoryTree(initial);
  const { message } = tree;

  return (
    <div className="space-y-8">
      <CategoryAddForm tree={tree} />

      <div aria-live="polite">
        {message && (
          <p role={message.error ? "alert" : "status"} className={message.error ? "text-sale" : ""}>
            {message.text}
          </p>
        )}
      </div>

      <ul className="category-tree space-y-2" aria-label={t("backOffice.categories.title")}>
        {tree.categories.map((category) => (
          <CategoryRow key={category.id} category={category} pictures={pictures} tree={tree} />
        ))}
      </ul>
    </div>
  );
}
