import { ADMIN_INLINE_FIELD, ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { actionsColumn, type DataColumn } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ShippingClassRecord } from "../../../lib/shipping-resource.ts";
import { AddableTable } from "../addable-table.tsx";
import { useRestChange } from "../use-rest-change.tsx";
import { ShippingDeleteButton } from "./shipping-delete-button.tsx";

type Field = "name" | "slug" | "description";

/** A class's row: its name, slug and description edited in place, saved or deleted. */
function useClassColumns(change: ReturnType<typeof useRestChange>): DataColumn<ShippingClassRecord>[] {
  const { t } = useTranslation();
  const formId = (record: ShippingClassRecord) => `shipping-class-${record.id}`;
  const field = (name: Field, label: string) => (record: ShippingClassRecord) => (
    <input
      form={formId(record)}
      name={name}
      defaultValue={record[name]}
      aria-label={t(label, { name: record.name })}
      required={name === "name"}
      maxLength={name === "description" ? 1000 : 100}
      className={`${ADMIN_INLINE_FIELD} w-full`}
    />
  );
  const actions = (record: ShippingClassRecord) => (
    <form
      id={formId(record)}
      className="flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: Field) => String(form.get(name) ?? "").trim();
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
      <ShippingDeleteButton
        change={change}
        path={`/products/shipping_classes/${record.id}`}
        name={record.name}
        question={t("backOffice.shipping.classes.confirmDelete", { name: record.name })}
      />
    </form>
  );
  return [
    {
      key: "name",
      header: t("backOffice.shipping.classes.name"),
      cell: field("name", "backOffice.shipping.classes.nameOf"),
    },
    {
      key: "slug",
      header: t("backOffice.shipping.classes.slug"),
      cell: field("slug", "backOffice.shipping.classes.slugOf"),
    },
    {
      key: "description",
      header: t("backOffice.shipping.classes.description"),
      cell: field("description", "backOffice.shipping.classes.descriptionOf"),
    },
    { key: "count", header: t("backOffice.shipping.classes.count"), cell: (record) => record.count },
    actionsColumn(t("backOffice.shipping.actions"), actions),
  ];
}

/**
 * The shipping classes (WooCommerce's shipping classes table): each edited in its row, saved or
 * deleted (its products keep no class); a class added by name (its slug made from it unless given).
 */
export function ShippingClassList({ classes }: { classes: ShippingClassRecord[] }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const columns = useClassColumns(change);
  return (
    <AddableTable
      change={change}
      add={{
        label: t("backOffice.shipping.classes.newName"),
        button: t("backOffice.shipping.classes.add"),
        path: "/products/shipping_classes",
        done: t("backOffice.shipping.added"),
      }}
      name="shipping-classes"
      rows={classes}
      columns={columns}
      caption={t("backOffice.shipping.classes.title")}
      empty={t("backOffice.shipping.classes.none")}
    />
  );
}
