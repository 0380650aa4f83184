import { useTranslation } from "../../i18n/use-translation.ts";
import { EXTERNAL_REL, externalLinkPath } from "../../lib/product-types.ts";

/**
 * An external product's button: a link through the store's affiliate link (its click counted, then
 * sent on to the other site), with the owner's button text; no quantity, no cart (decision 0076).
 */
export function ExternalButton({
  productId,
  text,
  className,
  label,
}: {
  productId: number;
  text: string | undefined;
  className: string;
  /** The link's accessible name when the text alone would not say which product (a card's). */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <a href={externalLinkPath(productId)} rel={EXTERNAL_REL} className={className} aria-label={label}>
      {text || t("product.buyProduct")}
    </a>
  );
}
