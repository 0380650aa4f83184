import { useState } from "react";
import { ADMIN_BUTTON, ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { FormSection, SelectInput, ValueOptions } from "../../../components/ui/back-office-fields.tsx";
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
      {data.methods.length === 0 ? (
        <p>{t("backOffice.shipping.noMethods")}</p>
      ) : (
        <table className="w-full text-left">
          <caption className="sr-only">{t("backOffice.shipping.methods")}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t("backOffice.shipping.methodTitle")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("backOffice.shipping.methodKind")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("backOffice.shipping.enabled")}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t("backOffice.shipping.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.methods.map((method) => (
              <tr key={method.instance_id} className="border-t border-stone-200">
                <td className="py-2 pr-3">{method.title}</td>
                <td className="py-2 pr-3">{t(`checkout.shipping.${method.method_id}`)}</td>
                <td className="py-2 pr-3">
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
                </td>
                <td className="flex flex-wrap gap-2 py-2">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
