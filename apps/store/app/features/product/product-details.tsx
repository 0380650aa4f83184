import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductPage } from "../../lib/catalogue.ts";
import type { RichText as RichTextDoc } from "../../lib/rich-text.ts";
import { RichText } from "../content/rich-text.tsx";
import { type ProductTab, ProductTabs } from "./product-tabs.tsx";
import { type ReviewFormState, ReviewsSection } from "./reviews.tsx";

type ReviewsProps = Parameters<typeof ReviewsSection>[0];

/** The tabs under the summary: description, additional information (when there are attributes), reviews. */
export function ProductDetails({
  product,
  description,
  reviews,
  reviewForm,
}: {
  product: ProductPage;
  description: RichTextDoc;
  reviews: Pick<ReviewsProps, "guestsMayReview" | "signedIn" | "notice">;
  reviewForm: ReviewFormState | undefined;
}) {
  const { t } = useTranslation();
  const tabs: ProductTab[] = [
    {
      id: "description",
      title: t("product.description"),
      content: <RichText doc={description} className="prose-store max-w-prose text-stone-800" />,
    },
  ];
  const shown = product.attributes.filter((attribute) => attribute.visible !== false);
  if (shown.length > 0) {
    tabs.push({
      id: "additional_information",
      title: t("product.additionalInformation"),
      content: (
        <table className="text-sm">
          <tbody>
            {shown.map((attribute) => (
              <tr key={attribute.slug}>
                <th scope="row" className="pr-6 text-left font-medium">
                  {attribute.label}
                </th>
                <td>{attribute.options.map((option) => option.label).join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ),
    });
  }
  // A product whose reviews are off has no reviews tab, as WooCommerce's (comments closed).
  if (product.reviewsAllowed)
    tabs.push({
      id: "reviews",
      title: t("product.reviews", { count: product.reviewCount }),
      content: (
        <ReviewsSection productName={product.name} reviews={product.reviews} form={reviewForm} {...reviews} />
      ),
    });
  return <ProductTabs tabs={tabs} />;
}
