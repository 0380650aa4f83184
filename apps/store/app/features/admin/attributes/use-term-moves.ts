import { useEffect, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { TermRecord } from "../../../lib/attribute-resource.ts";
import { movedOrder, termsPath } from "./attribute-requests.ts";
import type { RestChange } from "./use-deletion.ts";

/** The id of a term's move button, by which the focus finds it again after the move. */
export const moveButtonId = (termId: number, by: -1 | 1) => `term-${termId}-${by < 0 ? "up" : "down"}`;

/**
 * Moving a term up or down: the attribute's whole new order goes to `PUT …/terms/order`, and the
 * page's new position is announced. The focus stays with the term that moved, on the same button,
 * or on the other one once it reaches the top or the foot (where the button it was on is disabled).
 */
export function useTermMoves(attributeId: number, terms: TermRecord[], change: RestChange) {
  const { t } = useTranslation();
  // The term that moved, and where: the focus is placed once the page shows it there.
  const [moved, setMoved] = useState<{ id: number; by: -1 | 1; index: number } | null>(null);

  useEffect(() => {
    if (!moved || terms[moved.index]?.id !== moved.id) return;
    const wanted = document.getElementById(moveButtonId(moved.id, moved.by));
    const other = document.getElementById(moveButtonId(moved.id, moved.by < 0 ? 1 : -1));
    const target = wanted instanceof HTMLButtonElement && !wanted.disabled ? wanted : other;
    target?.focus();
    setMoved(null);
  }, [moved, terms]);

  function move(term: TermRecord, name: string, by: -1 | 1) {
    const order = movedOrder(terms, term.id, by);
    if (!order) return;
    void change
      .send(
        { path: `${termsPath(attributeId)}/order`, method: "PUT", data: order },
        t("backOffice.attributes.moved", {
          name,
          position: order.indexOf(term.id) + 1,
          count: order.length,
        }),
      )
      .then((done) => {
        if (done) setMoved({ id: term.id, by, index: order.indexOf(term.id) });
      });
  }

  return move;
}
