import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CategoryInput, CategoryRecord } from "../../../lib/category-resource.ts";
import { pageRestClient } from "../../../lib/rest-client.ts";
import type { PickedPicture } from "../media/media-choice.ts";
import { MediaSingleField } from "../media/media-single-field.tsx";
import type { CategoryTreeState } from "./use-category-tree.ts";

/**
 * A category's picture (issue 39), chosen in the media picker dialog or removed; saved at once
 * through `PUT /products/categories/{id}`, and the tree's message says so.
 */
export function CategoryPicture({
  category,
  name,
  pictures,
  tree,
}: {
  category: CategoryRecord;
  name: string;
  pictures: PickedPicture[];
  tree: CategoryTreeState;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-2">
      <MediaSingleField
        label={t("backOffice.categories.picture", { name })}
        known={pictures}
        imageId={category.image}
        onChange={(image) =>
          void tree.run(
            async () => {
              await pageRestClient().request({
                path: `/products/categories/${category.id}`,
                method: "PUT",
                data: { image } satisfies CategoryInput,
              });
              return null;
            },
            t(
              image === null ? "backOffice.categories.pictureRemoved" : "backOffice.categories.pictureSaved",
              {
                name,
              },
            ),
          )
        }
      />
    </div>
  );
}
