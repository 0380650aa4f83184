import { useTranslation } from "../../../i18n/use-translation.ts";
import type { AttributeRecord } from "../../../lib/attribute-resource.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { AddForm } from "./add-form.tsx";
import { AttributeFields } from "./attribute-fields.tsx";
import { ATTRIBUTES_PATH, attributeBody } from "./attribute-requests.ts";
import { AttributeTable } from "./attribute-table.tsx";
import { InUseRefusal } from "./in-use-refusal.tsx";
import { useDeletion } from "./use-deletion.ts";

/**
 * The attributes page (issue 39): the table of attributes, each changed or deleted in place, and
 * the form for a new one; every change goes through the REST API and is announced, and the page's
 * data is read again after it.
 */
export function AttributeList({ attributes }: { attributes: AttributeRecord[] }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const deletion = useDeletion(change);
  return (
    <div className="space-y-6">
      <Announcement message={change.message} name="attributes" />
      <InUseRefusal deletion={deletion} busy={change.busy} />
      <AttributeTable attributes={attributes} change={change} deletion={deletion} />
      <AddForm
        heading={t("backOffice.attributes.add")}
        saveLabel={t("backOffice.attributes.addButton")}
        change={change}
        adding={(form) => {
          const body = attributeBody(form);
          return {
            request: { path: ATTRIBUTES_PATH, method: "POST", data: body },
            done: t("backOffice.attributes.added", { name: body.translations?.en?.name ?? "" }),
          };
        }}
      >
        <AttributeFields attribute={null} />
      </AddForm>
    </div>
  );
}
