import { type DataColumn, DataTable } from "../../components/ui/data-table.tsx";
import { InlineAddForm } from "../../components/ui/inline-add-form.tsx";
import { Announcement, type useRestChange } from "./use-rest-change.tsx";

/**
 * A list edited in its rows with one added by name above it (shipping classes, tags): the add
 * form, the outcome of the page's last change (`name`, its announcement's class), and the table, a row known by its id.
 */
export function AddableTable<Row extends { id: number }>({
  change,
  add,
  name,
  rows,
  columns,
  caption,
  empty,
}: {
  change: ReturnType<typeof useRestChange>;
  /** The add form's label and button; a name is sent as `POST path {name}`, `done` announced. */
  add: { label: string; button: string; path: string; done: string };
  name: string;
  rows: Row[];
  columns: DataColumn<Row>[];
  caption: string;
  empty: string;
}) {
  return (
    <div className="space-y-6">
      <InlineAddForm
        label={add.label}
        button={add.button}
        busy={change.busy}
        onAdd={(added) => change.send({ path: add.path, method: "POST", data: { name: added } }, add.done)}
      />
      <Announcement message={change.message} name={name} />
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(row) => String(row.id)}
        caption={caption}
        empty={<p>{empty}</p>}
      />
    </div>
  );
}
