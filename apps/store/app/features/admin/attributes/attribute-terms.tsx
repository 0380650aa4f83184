import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AttributeRecord, TermRecord } from "../../../lib/attribute-resource.ts";
import { BackLink } from "../back-office-page.tsx";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { AddForm } from "./add-form.tsx";
import { TermFields } from "./attribute-fields.tsx";
import { termBody, termsPath } from "./attribute-requests.ts";
import { InUseRefusal } from "./in-use-refusal.tsx";
import { TermTable } from "./term-table.tsx";
import { useDeletion } from "./use-deletion.ts";

/**
 * One attribute's terms (issue 39): listed in the order the shop shows them, moved, changed and
 * deleted in place, and the form for a new one. A deletion products stand in the way of names them.
 */
export function AttributeTerms({ attribute, terms }: { attribute: AttributeRecord; terms: TermRecord[] }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const deletion = useDeletion(change);
  return (
    <div className="space-y-6">
      <BackLink to="/admin/attributes" label={t("backOffice.attributes.allAttributes")} />
      <p className="text-sm text-stone-700">{t("backOffice.attributes.orderHint")}</p>
      <Announcement message={change.message} name="attributes" />
      <InUseRefusal deletion={deletion} busy={change.busy} />
      <TermTable attribute={attribute} terms={terms} change={change} deletion={deletion} />
      <AddForm
        heading={t("backOffice.attributes.addTerm")}
        saveLabel={t("backOffice.attributes.addTermButton")}
        change={change}
        adding={(form) => {
          const body = termBody(form);
          return {
            request: { path: termsPath(attribute.id), method: "POST", data: body },
            done: t("backOffice.attributes.termAdded", { name: body.translations?.en?.name ?? "" }),
          };
        }}
      >
        <TermFields term={null} />
      </AddForm>
    </div>
  );
}
