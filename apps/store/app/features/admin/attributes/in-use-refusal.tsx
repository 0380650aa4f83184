import { Link } from "react-router";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Deletion } from "./use-deletion.ts";

/**
 * A deletion refused because products use it: the products, each a link to its editor, and (unless
 * a variation stands for the term, which no deletion may change) the button that takes it from
 * them and deletes it. The message and the list are an alert, so the refusal is read out.
 */
export function InUseRefusal({ deletion, busy }: { deletion: Deletion; busy: boolean }) {
  const { t } = useTranslation();
  const { refusal } = deletion;
  if (!refusal) return null;
  const forceable = refusal.code === "term_in_use";
  return (
    <div className="in-use-refusal space-y-2 rounded border-l-4 border-sale bg-red-50 px-4 py-2">
      <div role="alert">
        <p>
          {t(forceable ? "backOffice.attributes.inUse" : "backOffice.attributes.usedByVariations", {
            name: refusal.name,
          })}
        </p>
        <ul className="list-disc pl-6">
          {refusal.products.map((product) => (
            <li key={product.id}>
              <Link to={`/admin/products/${product.id}`} className="underline">
                {product.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {forceable && (
        <button
          type="button"
          className={`${ADMIN_BUTTON} text-sale`}
          disabled={busy}
          onClick={() => void deletion.remove(refusal.name, refusal.path, true)}
        >
          {t("backOffice.attributes.force")}
        </button>
      )}
    </div>
  );
}
