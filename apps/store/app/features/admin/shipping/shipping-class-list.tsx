import { useState } from "react";
import {
  ADMIN_BUTTON,
  ADMIN_INLINE_FIELD,
  ADMIN_NARROW_FIELD,
  ADMIN_ROW_BUTTON,
} from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ShippingClassRecord } from "../../../lib/shipping-resource.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";

/** A class's row: its name, slug and description edited in place, saved or deleted. */
function ClassRow({
  record,
  change,
}: {
  record: ShippingClassRecord;
  change: ReturnType<typeof useRestChange>;
}) {
  const { t } = useTranslation();
  const formId = `shipping-class-${record.id}`;
  const field = (name: "name" | "slug" | "description", label: string) => (
    <td className="py-2 pr-3">
      <input
        form={formId}
        name={name}
        defaultValue={record[name]}
        aria-label={t(label, { name: record.name })}
        required={name === "name"}
        maxLength={name === "description" ? 1000 : 100}
        className={`${ADMIN_INLINE_FIELD} w-full`}
      />
    </td>
  );
  return (
    <tr className="border-t border-stone-200">
      {field("name", "backOffice.shipping.classes.nameOf")}
      {field("slug", "backOffice.shipping.classes.slugOf")}
      {field("description", "backOffice.shipping.classes.descriptionOf")}
      <td className="py-2 pr-3">{record.count}</td>
      <td className="py-2">
        <form
          id={formId}
          className="flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const text = (name: string) => String(form.get(name) ?? "").trim();
            void change.send(
              {
                path: `/products/shipping_classes/${record.id}`,
                method: "PUT",
                data: { name: text("name"), slug: text("slug"), description: text("description") },
              },
              t("backOffice.shipping.saved"),
            );
          }}
        >
          <button type="submit" className={ADMIN_ROW_BUTTON} disabled={change.busy}>
            {t("backOffice.shipping.classes.save", { name: record.name })}
          </button>
          <button
            type="button"
            className={ADMIN_ROW_BUTTON}
            disabled={change.busy}
            onClick={() => {
              if (!window.confirm(t("backOffice.shipping.classes.confirmDelete", { name: record.name })))
                return;
              void change.send(
                { path: `/products/shipping_classes/${record.id}`, method: "DELETE" },
                t("backOffice.shipping.deleted"),
              );
            }}
          >
            {t("backOffice.shipping.delete", { name: record.name })}
          </button>
        </form>
      </td>
    </tr>
  );
}

/**
 * The shipping classes (WooCommerce's shipping classes table): each edited in its row, saved or
 * deleted (its products keep no class); a class added by name (its slug made from it unless given).
 */
export function ShippingClassList({ classes }: { classes: ShippingClassRecord[] }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const [name, setName] = useState("");
  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void change
            .send(
              { path: "/products/shipping_classes", method: "POST", data: { name } },
              t("backOffice.shipping.added"),
            )
            .then((made) => made && setName(""));
        }}
      >
        <label className="text-sm font-medium">
          {t("backOffice.shipping.classes.newName")}
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            className={ADMIN_NARROW_FIELD}
          />
        </label>
        <button type="submit" className={ADMIN_BUTTON} disabled={change.busy}>
          {t("backOffice.shipping.classes.add")}
        </button>
      </form>
      <Announcement message={change.message} name="shipping-classes" />
      {classes.length === 0 ? (
        <p>{t("backOffice.shipping.classes.none")}</p>
      ) : (
        <table className="w-full text-left">
          <caption className="sr-only">{t("backOffice.shipping.classes.title")}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t("backOffice.shipping.classes.name")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("backOffice.shipping.classes.slug")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("backOffice.shipping.classes.description")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("backOffice.shipping.classes.count")}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t("backOffice.shipping.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {classes.map((record) => (
              <ClassRow key={record.id} record={record} change={change} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
