import { useState } from "react";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ProductRecord } from "../../../lib/product-resource.ts";
import { useRestSave } from "../use-rest-save.ts";
import { type OwnAttributeDraft, ownAttributeDrafts } from "./own-attribute-drafts.ts";
import { checkedProductBody, productFormBody, type VariationDraft, variationDraft } from "./product-body.ts";
import { ProductCategoriesSection, ProductGallerySection } from "./product-catalogue-section.tsx";
import type { AttributeChoice, MediaChoice } from "./product-choices.ts";
import { downloadDrafts, ProductDownloadsSection } from "./product-downloads-section.tsx";
import { ProductGeneralSection } from "./product-general-section.tsx";
import { type LinkChoices, ProductExternalSection, ProductLinksSection } from "./product-links-section.tsx";
import { ProductOwnAttributesSection } from "./product-own-attributes-section.tsx";
import { ProductPriceSection } from "./product-price-section.tsx";
import { ProductShippingSection, type ShippingClassChoice } from "./product-shipping-section.tsx";
import type { CategoryOption } from "./product-table.tsx";
import { ProductTaxSection, type TaxClassChoice } from "./product-tax-section.tsx";
import { ProductTextsSection } from "./product-texts-section.tsx";
import {
  ProductAttributesSection,
  ProductVariationsSection,
  useVariationAxes,
} from "./product-variations-section.tsx";

/** A product as `GET /products/{id}` answers it: the REST resource's record (`lib/product-resource.ts`). */
export type { AttributeChoice, MediaChoice, ProductRecord };

/**
 * The product form of the back office (issue 16): texts and meta description in both languages,
 * SKU, prices, stock, categories, gallery from the media library, and for a variable product its
 * attributes and variations, each with its own price, stock and picture. It checks its body with the
 * REST route's schema, then saves through the REST client, so the REST routes' schemas and the
 * service check it; their errors show in the page's language.
 */
export function ProductForm({
  product,
  categories,
  attributes,
  media,
  taxClasses,
  shippingClasses,
  links,
}: {
  product: ProductRecord | null;
  categories: CategoryOption[];
  attributes: AttributeChoice[];
  media: MediaChoice[];
  taxClasses: TaxClassChoice[];
  shippingClasses: ShippingClassChoice[];
  links: LinkChoices;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState(product?.type ?? "simple");
  const [images, setImages] = useState<number[]>(product?.images ?? []);
  const [downloads, setDownloads] = useState(() => downloadDrafts(product?.downloads));
  const [terms, setTerms] = useState<Record<string, number[]>>(
    Object.fromEntries(
      (product?.attributes ?? [])
        .filter((attribute) => attribute.id !== 0)
        .map((attribute) => [String(attribute.id), attribute.terms]),
    ),
  );
  const [own, setOwn] = useState<OwnAttributeDraft[]>(() => ownAttributeDrafts(product));
  const [variations, setVariations] = useState<VariationDraft[]>(() =>
    (product?.variations ?? []).map((variation) => variationDraft(variation, own)),
  );
  const { saving, error, setError, send } = useRestSave();
  const usedAttributes = attributes.filter((attribute) => (terms[String(attribute.id)] ?? []).length > 0);
  const axes = useVariationAxes(attributes, terms, own);
  /** A global attribute's flags as saved (REST may have set them), kept by the form. */
  const flags = (id: number) => {
    const saved = product?.attributes.find((attribute) => attribute.id === id);
    return saved ? { visible: saved.visible, variation: saved.variation } : {};
  };

  async function save(form: FormData): Promise<boolean> {
    if (saving) return false;
    setError(null);
    const { input, refusal } = checkedProductBody(
      productFormBody(form, {
        type,
        images,
        attributes: usedAttributes.map((attribute) => ({
          id: attribute.id,
          terms: terms[String(attribute.id)] ?? [],
          ...flags(attribute.id),
        })),
        own,
        variations,
        downloads,
      }),
    );
    if (refusal) {
      setError(t(`rest.errors.${refusal.code}`, { param: refusal.param }));
      return false;
    }
    // The page reads the product again, so the form holds what was saved (new variations' ids too).
    return send<ProductRecord>(
      {
        path: product ? `/products/${product.id}` : "/products",
        method: product ? "PUT" : "POST",
        data: input,
      },
      (saved) => `/admin/products/${saved.id}?saved=1`,
      { replace: product !== null },
    );
  }

  const simple = type === "simple";
  const variable = type === "variable";
  return (
    <FormLayout
      className="product-form space-y-8"
      onSave={(form) => save(new FormData(form))}
      saveLabel={product ? t("backOffice.products.save") : t("backOffice.products.create")}
      busy={saving}
      state={{ type, images, terms, own, variations, downloads }}
      messages={
        <>
          {product && product.status === "publish" && (
            <p>
              <a href={`/product/${product.slug}`} className="text-brand underline">
                {t("backOffice.products.view")}
              </a>
            </p>
          )}
          <div aria-live="assertive">
            {error && (
              <p role="alert" className="text-sale">
                {error}
              </p>
            )}
          </div>
        </>
      }
    >
      <ProductGeneralSection product={product} type={type} onTypeChange={setType} />
      <ProductTextsSection product={product} />
      {(simple || type === "external") && <ProductPriceSection product={product} />}
      {type === "external" && <ProductExternalSection product={product} />}
      <ProductTaxSection product={product} taxClasses={taxClasses} />
      <ProductShippingSection product={product} shippingClasses={shippingClasses} />
      {simple && (
        <ProductDownloadsSection
          drafts={downloads}
          onChange={setDownloads}
          limit={product?.download_limit}
          expiry={product?.download_expiry}
        />
      )}
      <ProductCategoriesSection product={product} categories={categories} />
      <ProductGallerySection media={media} images={images} onChange={setImages} />
      {variable && <ProductAttributesSection attributes={attributes} terms={terms} onChange={setTerms} />}
      <ProductOwnAttributesSection own={own} onChange={setOwn} />
      <ProductLinksSection product={product} type={type} choices={links} />
      {variable && (
        <ProductVariationsSection
          axes={axes}
          media={media}
          taxClasses={taxClasses}
          variations={variations}
          onChange={setVariations}
        />
      )}
    </FormLayout>
  );
}
