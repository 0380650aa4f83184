import { ConfirmButton } from "../../../components/ui/confirm-button.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { useRestChange } from "../use-rest-change.tsx";

/**
 * A shipping row's "Delete" (a zone, a zone's method, a class): asks `question` first, then sends
 * `DELETE path` through the page's change, announced as deleted; `before` runs once the owner agrees.
 */
export function ShippingDeleteButton({
  change,
  path,
  name,
  question,
  before,
}: {
  change: ReturnType<typeof useRestChange>;
  path: string;
  /** The row's name, in the button's accessible name. */
  name: string;
  question: string;
  before?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      question={question}
      disabled={change.busy}
      onConfirm={() => {
        before?.();
        void change.send({ path, method: "DELETE" }, t("backOffice.shipping.deleted"));
      }}
    >
      {t("backOffice.shipping.delete", { name })}
    </ConfirmButton>
  );
}
