import { ADMIN_INLINE_FIELD, ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { ConfirmButton } from "../../../components/ui/confirm-button.tsx";
import { actionsColumn, type DataColumn } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { TagRecord } from "../../../lib/product-resource.ts";
import { AddableTable } from "../addable-table.tsx";
import { useRestChange } from "../use-rest-change.tsx";

type Field = "name" | "name_es" | "slug";

const savedValue = (record: TagRecord, field: Field) =>
  field === "name" ? record.name : field === "slug" ? record.slug : (record.translations.es?.name ?? "");

/** A tag's row: its names in both languages and its slug edited in place, saved or deleted. */
function useTagColumns(change: ReturnType<typeof useRestChange>): DataColumn<TagRecord>[] {
  const { t } = useTranslation();
  const formId = (record: TagRecord) => `tag-${record.id}`;
  const field = (name: Field, label: string) => (record: TagRecord) => (
    <input
      form={formId(record)}
      name={name}
      defaultValue={savedValue(record, name)}
      aria-label={t(label, { name: record.name })}
      required={name === "name"}
      maxLength={200}
      pattern={name === "slug" ? "[a-z0-9]+(-[a-z0-9]+)*" : undefined}
      className={`${ADMIN_INLINE_FIELD} w-full`}
    />
  );
  const actions = (record: TagRecord) => (
    <form
      id={formId(record)}
      className="flex flex-wrap gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: Field) => String(form.get(name) ?? "").trim();
        void change.send(
          {
            path: `/products/tags/${record.id}`,
            method: "PUT",
            // An empty Spanish name removes it: the tag then shows its English one.
            data: { name: text("name"), slug: text("slug"), translations: { es: { name: text("name_es") } } },
          },
          t("backOffice.tags.saved"),
        );
      }}
    >
      <button type="submit" className={ADMIN_ROW_BUTTON} disabled={change.busy}>
        {t("backOffice.tags.save", { name: record.name })}
      </button>
      <ConfirmButton
        question={t("backOffice.tags.confirmDelete", { name: record.name, count: record.count })}
        disabled={change.busy}
        onConfirm={() =>
          void change.send(
            { path: `/products/tags/${record.id}?force=true`, method: "DELETE" },
            t("backOffice.tags.deleted"),
          )
        }
      >
        {t("backOffice.tags.delete", { name: record.name })}
      </ConfirmButton>
    </form>
  );
  return [
    { key: "name", header: t("backOffice.tags.name"), cell: field("name", "backOffice.tags.nameOf") },
    {
      key: "name_es",
      header: t("backOffice.tags.nameEs"),
      cell: field("name_es", "backOffice.tags.nameEsOf"),
    },
    { key: "slug", header: t("backOffice.tags.slug"), cell: field("slug", "backOffice.tags.slugOf") },
    {
      key: "count",
      header: t("backOffice.tags.count"),
      figure: true,
      cell: (record) => (
        <a
          href={`/product-tag/${record.slug}`}
          className="text-brand underline"
          aria-label={t("backOffice.tags.listing", { name: record.name, count: record.count })}
        >
          {record.count}
        </a>
      ),
    },
    actionsColumn(t("backOffice.tags.actions"), actions),
  ];
}

/**
 * The product tags (WooCommerce's Products › Tags): each renamed in its row in English and
 * Spanish, its slug (its listing's address) changed, saved or deleted (its products lose it); a
 * tag added by its English name (its slug made from it). A product's tags are chosen in its editor.
 */
export function TagList({ tags }: { tags: TagRecord[] }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const columns = useTagColumns(change);
  return (
    <AddableTable
      change={change}
      add={{
        label: t("backOffice.tags.newName"),
        button: t("backOffice.tags.add"),
        path: "/products/tags",
        done: t("backOffice.tags.added"),
      }}
      name="tags"
      rows={tags}
      columns={columns}
      caption={t("backOffice.tags.title")}
      empty={t("backOffice.tags.none")}
    />
  );
}
