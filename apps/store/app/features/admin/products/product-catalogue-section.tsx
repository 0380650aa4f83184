import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ProductRecord } from "../../../lib/product-resource.ts";
import { MediaGalleryField } from "../media/media-gallery-field.tsx";
import type { MediaChoice } from "./product-choices.ts";
import type { CategoryOption } from "./product-table.tsx";

/** The product's categories, as a tree of checkboxes. */
export function ProductCategoriesSection({
  product,
  categories,
}: {
  product: ProductRecord | null;
  categories: CategoryOption[];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded border border-stone-200 p-4">
      <legend className="px-1 font-semibold">{t("backOffice.products.categories")}</legend>
      <ul className="grid gap-1 sm:grid-cols-2">
        {categories.map((category) => (
          <li key={category.id} style={{ paddingInlineStart: `${category.depth * 1.25}rem` }}>
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                name="categories"
                value={category.id}
                defaultChecked={product?.categories.includes(category.id)}
              />
              {category.name}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The product's pictures from the media library, in the order chosen. */
export function ProductGallerySection({
  media,
  images,
  onChange,
}: {
  media: MediaChoice[];
  images: number[];
  onChange: (images: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded border border-stone-200 p-4">
      <legend className="px-1 font-semibold">{t("backOffice.products.gallery")}</legend>
      <p className="mb-2 text-sm text-stone-600">{t("backOffice.products.galleryHint")}</p>
      <MediaGalleryField known={media} images={images} onChange={onChange} />
    </fieldset>
  );
}
