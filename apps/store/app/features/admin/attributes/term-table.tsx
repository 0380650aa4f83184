import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AttributeRecord, TermRecord } from "../../../lib/attribute-resource.ts";
import { TermFields } from "./attribute-fields.tsx";
import { nameIn, termBody, termPath } from "./attribute-requests.ts";
import { RowEditor } from "./row-editor.tsx";
import type { Deletion, RestChange } from "./use-deletion.ts";
import { moveButtonId, useTermMoves } from "./use-term-moves.ts";

/**
 * An attribute's terms in their order: each one's name, slug and number of products, buttons that
 * move it up and down (by keyboard as by mouse), its own edit form and its deletion.
 */
export function TermTable({
  attribute,
  terms,
  change,
  deletion,
}: {
  attribute: AttributeRecord;
  terms: TermRecord[];
  change: RestChange;
  deletion: Deletion;
}) {
  const { t, i18n } = useTranslation();
  const move = useTermMoves(attribute.id, terms, change);
  const nameOf = (term: TermRecord) => nameIn(term, i18n.language);
  const moveButton = (term: TermRecord, index: number, by: -1 | 1) => (
    <button
      type="button"
      id={moveButtonId(term.id, by)}
      className={ADMIN_ROW_BUTTON}
      disabled={by < 0 ? index === 0 : index === terms.length - 1}
      aria-label={t(by < 0 ? "backOffice.attributes.moveUp" : "backOffice.attributes.moveDown", {
        name: nameOf(term),
      })}
      onClick={() => move(term, nameOf(term), by)}
    >
      {by < 0 ? "↑" : "↓"}
    </button>
  );
  return (
    <DataTable
      rows={terms}
      rowKey={(term) => String(term.id)}
      caption={t("backOffice.attributes.termsOf", { name: nameIn(attribute, i18n.language) })}
      empty={<p>{t("backOffice.attributes.termsEmpty")}</p>}
      className="term-table"
      minWidth="min-w-[40rem]"
      alignTop
      rowProps={(term) => ({ className: "term-row", "data-term": term.id })}
      columns={[
        { key: "name", header: t("backOffice.attributes.name"), cell: nameOf },
        { key: "slug", header: t("backOffice.attributes.slug"), cell: (term) => <code>{term.slug}</code> },
        {
          key: "products",
          header: t("backOffice.attributes.products"),
          cell: (term) => t("backOffice.attributes.usedBy", { count: term.count }),
        },
        {
          key: "order",
          header: t("backOffice.attributes.order"),
          cell: (term) => {
            const index = terms.indexOf(term);
            return (
              <div className="flex gap-2">
                {moveButton(term, index, -1)}
                {moveButton(term, index, 1)}
              </div>
            );
          },
        },
        {
          key: "actions",
          header: t("backOffice.attributes.actions"),
          cell: (term) => (
            <div className="space-y-2">
              <button
                type="button"
                className={`${ADMIN_ROW_BUTTON} text-sale`}
                disabled={change.busy}
                aria-label={t("backOffice.attributes.deleteNamed", { name: nameOf(term) })}
                onClick={() => void deletion.remove(nameOf(term), termPath(attribute.id, term.id))}
              >
                {t("backOffice.attributes.delete")}
              </button>
              <RowEditor
                name={nameOf(term)}
                busy={change.busy}
                onSave={(form) => {
                  const body = termBody(form);
                  return change.send(
                    { path: termPath(attribute.id, term.id), method: "PUT", data: body },
                    t("backOffice.attributes.saved", { name: body.translations?.en?.name ?? term.name }),
                  );
                }}
              >
                <TermFields term={term} />
              </RowEditor>
            </div>
          ),
        },
      ]}
    />
  );
}
