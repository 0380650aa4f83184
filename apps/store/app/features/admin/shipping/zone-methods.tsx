import { useState } from "react";
import { ADMIN_BUTTON, ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { FormSection, SelectInput, ValueOptions } from "../../../components/ui/back-office-fields.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { SHIPPING_METHOD_TYPES } from "../../../lib/shipping/shipping-methods.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { MethodSettingsForm } from "./method-settings-form.tsx";
import { ShippingDeleteButton } from "./shipping-delete-button.tsx";
import type { ZonePageData } from "./zone-page-data.ts";

/**
 * A zone's methods in the order the checkout lists them (WooCommerce's zone methods table): each
 * switched on or off at once, its settings edited in a form under the table, deleted; a method added
 * by kind (flat rate, free shipping, local pickup).
 */
export function ZoneMethods({ data }: { data: ZonePageData }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const [editing, setEditing] = useState<number | null>(null);
  const base = `/shipping/zones/${data.zone.id}/methods`;
  const open = data.methods.find((method) => method.instance_id === editing);
  return (
    <section className="space-y-4" aria-labelledby="zone-methods-heading">
      <h2 id="zone-methods-heading" className="text-xl font-semibold">
        {t("backOffice.shipping.methods")}
      </h2>
      <Announcement message={change.message} name="shipping-methods" />
      <DataTable
        rows={data.methods}
        rowKey={(method) => String(method.instance_id)}
        caption={t("backOffice.shipping.methods")}
        captionClassName="sr-only"
        empty={<p>{t("backOffice.shipping.noMethods")}</p>}
        columns={[
          { key: "title", header: t("backOffice.shipping.methodTitle"), cell: (method) => method.title },
          {
            key: "kind",
            header: t("backOffice.shipping.methodKind"),
            cell: (method) => t(`checkout.shipping.${method.method_id}`),
          },
          {
            key: "enabled",
            header: t("backOffice.shipping.enabled"),
            cell: (method) => (
              <input
                type="checkbox"
                className="h-6 w-6"
                aria-label={t("backOffice.shipping.enable", { title: method.title })}
                checked={method.enabled}
                disabled={change.busy}
                onChange={(event) =>
                  void change.send(
                    {
                      path: `${base}/${method.instance_id}`,
                      method: "PUT",
                      data: { enabled: event.currentTarget.checked },
                    },
                    t("backOffice.shipping.saved"),
                  )
                }
              />
            ),
          },
          {
            key: "actions",
            header: <span className="sr-only">{t("backOffice.shipping.actions")}</span>,
            cell: (method) => (
              <span className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={ADMIN_ROW_BUTTON}
                  aria-expanded={editing === method.instance_id}
                  aria-controls="method-settings"
                  onClick={() => setEditing(editing === method.instance_id ? null : method.instance_id)}
                >
                  {t("backOffice.shipping.edit", { title: method.title })}
                </button>
                <ShippingDeleteButton
                  change={change}
                  path={`${base}/${method.instance_id}`}
                  name={method.title}
                  question={t("backOffice.shipping.confirmDeleteMethod", { title: method.title })}
                  before={() => {
                    if (editing === method.instance_id) setEditing(null);
                  }}
                />
              </span>
            ),
          },
        ]}
      />
      <div id="method-settings">
        {open && <MethodSettingsForm key={open.instance_id} method={open} data={data} />}
      </div>
      <form
        className="max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          const kind = String(new FormData(event.currentTarget).get("method_id"));
          void change.send(
            { path: base, method: "POST", data: { method_id: kind } },
            t("backOffice.shipping.added"),
          );
        }}
      >
        <FormSection title={t("backOffice.shipping.addMethod")}>
          <SelectInput name="method_id" label={t("backOffice.shipping.methodKind")} value="flat_rate">
            <ValueOptions values={SHIPPING_METHOD_TYPES} label={(kind) => t(`checkout.shipping.${kind}`)} />
          </SelectInput>
          <button type="submit" className={ADMIN_BUTTON} disabled={change.busy}>
            {t("backOffice.shipping.addMethod")}
          </button>
        </FormSection>
      </form>
    </section>
  );
}
