import { useEffect, useState } from "react";
import { Link, useSubmit } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ProductPage } from "../../lib/catalogue.ts";
import type { SelectionState } from "../../lib/variation-selection.ts";
import { VariationSelects } from "./variation-selects.tsx";

/**
 * A variable product's choices. The selection is in the address (`?attribute_size=m`): a choice
 * replaces the page's entry with JavaScript, and the "Choose" button submits the same GET without it.
 */
export function VariationsForm({
  id,
  product,
  chosen,
  selectionState,
}: {
  id: string;
  product: ProductPage;
  chosen: Record<string, string>;
  selectionState: SelectionState;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [choice, setChoice] = useState(chosen);
  useEffect(() => setChoice(chosen), [chosen]);

  const choose = (next: Record<string, string>) => {
    setChoice(next);
    const params = new URLSearchParams();
    for (const [slug, option] of Object.entries(next)) if (option) params.set(`attribute_${slug}`, option);
    submit(params, { method: "get", replace: true, preventScrollReset: true });
  };

  return (
    <form
      id={id}
      method="get"
      className="variations_form space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget, { replace: true, preventScrollReset: true });
      }}
    >
      <VariationSelects attributes={product.attributes} chosen={choice} onChoose={choose} />
      <div className="flex gap-3">
        <Button type="submit" variant="secondary" size="sm" className="text-sm">
          {t("product.choose")}
        </Button>
        {Object.keys(chosen).length > 0 && (
          <Link
            to={`/product/${product.slug}`}
            replace
            preventScrollReset
            onClick={() => setChoice({})}
            className="reset_variations text-sm underline"
          >
            {t("product.clear")}
          </Link>
        )}
      </div>
      {selectionState === "incomplete" && (
        <p className="text-sm text-stone-600">{t("product.makeSelection")}</p>
      )}
      {selectionState === "unavailable" && (
        <p className="text-sm text-sale" role="alert">
          {t("product.unavailable")}
        </p>
      )}
    </form>
  );
}
