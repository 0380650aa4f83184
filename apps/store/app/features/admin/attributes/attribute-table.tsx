import { Link } from "react-router";
import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AttributeRecord } from "../../../lib/attribute-resource.ts";
import { AttributeFields } from "./attribute-fields.tsx";
import { attributeBody, attributePath, nameIn } from "./attribute-requests.ts";
import { RowEditor } from "./row-editor.tsx";
import type { Deletion, RestChange } from "./use-deletion.ts";

/**
 * The store's attributes: each one's name, slug, sort order and number of terms, a link to its
 * terms, its own edit form and its deletion. Every control is named for its attribute.
 */
export function AttributeTable({
  attributes,
  change,
  deletion,
}: {
  attributes: AttributeRecord[];
  change: RestChange;
  deletion: Deletion;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = (attribute: AttributeRecord) => nameIn(attribute, i18n.language);
  return (
    <DataTable
      rows={attributes}
      rowKey={(attribute) => String(attribute.id)}
      caption={t("backOffice.attributes.title")}
      empty={<p>{t("backOffice.attributes.empty")}</p>}
      className="attribute-table"
      minWidth="min-w-[40rem]"
      alignTop
      rowProps={(attribute) => ({ className: "attribute-row", "data-attribute": attribute.id })}
      columns={[
        { key: "name", header: t("backOffice.attributes.name"), cell: nameOf },
        {
          key: "slug",
          header: t("backOffice.attributes.slug"),
          cell: (attribute) => <code>{attribute.slug}</code>,
        },
        {
          key: "order",
          header: t("backOffice.attributes.orderBy"),
          cell: (attribute) => t(`backOffice.attributes.orderBys.${attribute.order_by}`),
        },
        {
          key: "terms",
          header: t("backOffice.attributes.terms"),
          cell: (attribute) => t("backOffice.attributes.termCount", { count: attribute.term_count }),
        },
        {
          key: "actions",
          header: t("backOffice.attributes.actions"),
          cell: (attribute) => (
            <div className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/attributes?attribute=${attribute.id}`}
                  className="underline"
                  aria-label={t("backOffice.attributes.editTermsNamed", { name: nameOf(attribute) })}
                >
                  {t("backOffice.attributes.editTerms")}
                </Link>
                <button
                  type="button"
                  className={`${ADMIN_ROW_BUTTON} text-sale`}
                  disabled={change.busy}
                  aria-label={t("backOffice.attributes.deleteNamed", { name: nameOf(attribute) })}
                  onClick={() => void deletion.remove(nameOf(attribute), attributePath(attribute.id))}
                >
                  {t("backOffice.attributes.delete")}
                </button>
              </div>
              <RowEditor
                name={nameOf(attribute)}
                busy={change.busy}
                onSave={(form) => {
                  const body = attributeBody(form);
                  return change.send(
                    { path: attributePath(attribute.id), method: "PUT", data: body },
                    t("backOffice.attributes.saved", { name: body.translations?.en?.name ?? attribute.name }),
                  );
                }}
              >
                <AttributeFields attribute={attribute} />
              </RowEditor>
            </div>
          ),
        },
      ]}
    />
  );
}
