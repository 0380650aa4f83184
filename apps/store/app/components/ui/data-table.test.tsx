import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type DataColumn, DataTable, type DataTableProps } from "./data-table.tsx";
import { nextSelection, sortColumn } from "./data-table-selection.ts";

type Fruit = { id: number; name: string; stock: number };
const FRUITS: Fruit[] = [
  { id: 1, name: "Apple", stock: 3 },
  { id: 2, name: "Pear", stock: 12 },
];
const COLUMNS: DataColumn<Fruit>[] = [
  { key: "name", header: "Name", cell: (fruit) => fruit.name },
  { key: "stock", header: "Stock", cell: (fruit) => fruit.stock, figure: true },
];

/** The table drawn on the server, inside a router (sortable headers are links). */
function render(props: Partial<DataTableProps<Fruit>>) {
  const Stub = createRoutesStub([
    {
      path: "/fruits",
      Component: () => (
        <DataTable
          rows={FRUITS}
          columns={COLUMNS}
          rowKey={(fruit) => String(fruit.id)}
          caption="Fruits"
          {...props}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/fruits"]} />);
}

describe("DataTable", () => {
  it("names the table by its caption and heads each row by its first column", () => {
    const html = render({ rowProps: (fruit) => ({ className: "fruit-row", "data-fruit-id": fruit.id }) });
    expect(html).toContain('<caption class="sr-only">Fruits</caption>');
    expect(html).toMatch(/<th scope="col"[^>]*>Name<\/th>/);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Stock<\/th>/);
    const rows = [...html.matchAll(/<tr class="fruit-row[^"]*" data-fruit-id="(\d)">(.*?)<\/tr>/g)];
    expect(rows.map((row) => row[1])).toEqual(["1", "2"]);
    expect(rows[0]![2]).toMatch(/^<th scope="row"[^>]*>Apple<\/th><td class="[^"]*text-right[^"]*">3<\/td>$/);
  });

  it("shows the empty state, or nothing, when there are no rows", () => {
    expect(render({ rows: [], empty: <p>No fruit yet.</p> })).toBe("<p>No fruit yet.</p>");
    expect(render({ rows: [] })).toBe("");
  });

  it("can be named by a heading instead, and draws a total row in its foot", () => {
    const html = render({
      caption: undefined,
      labelledBy: "fruit-heading",
      footer: { id: 0, name: "Total", stock: 15 },
    });
    expect(html).not.toContain("<caption");
    expect(html).toContain('aria-labelledby="fruit-heading"');
    expect(html).toMatch(
      /<tfoot><tr class="font-semibold"><th scope="row"[^>]*>Total<\/th><td[^>]*>15<\/td><\/tr><\/tfoot>/,
    );
  });

  it("links sortable headers to their order and says the current one in aria-sort", () => {
    const current = { orderby: "name", order: "asc" } as const;
    const html = render({
      columns: [
        { ...COLUMNS[0]!, sort: sortColumn("/fruits", { search: "a" }, "name", current) },
        { ...COLUMNS[1]!, sort: sortColumn("/fruits", { search: "a" }, "stock", current) },
      ],
    });
    expect(html).toMatch(
      /<th scope="col"[^>]*aria-sort="ascending"><a [^>]*href="\/fruits\?search=a&amp;orderby=name&amp;order=desc"/,
    );
    const stock = html.match(/<th scope="col"[^>]*>(?:(?!<\/th>).)*Stock(?:(?!<\/th>).)*<\/th>/)?.[0] ?? "";
    expect(stock).not.toContain("aria-sort");
    expect(stock).toContain('href="/fruits?search=a&amp;orderby=stock&amp;order=asc"');
  });

  it("adds a named checkbox to each row for a bulk action, and one for all", () => {
    const html = render({
      selection: {
        name: "ids",
        selected: new Set(["2"]),
        onChange: () => {},
        label: (fruit) => `Select ${fruit.name}`,
        allLabel: "Select every fruit",
      },
    });
    // Each checkbox's attributes, whatever order React wrote them in.
    const boxes = [...html.matchAll(/<input\b([^>]*)\/>/g)].map(([, attributes]) =>
      Object.fromEntries(
        [...attributes!.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
      ),
    );
    expect(boxes).toEqual([
      expect.objectContaining({
        type: "checkbox",
        "aria-checked": "mixed",
        "aria-label": "Select every fruit",
      }),
      expect.objectContaining({ name: "ids", value: "1", "aria-label": "Select Apple" }),
      expect.objectContaining({ name: "ids", value: "2", checked: "", "aria-label": "Select Pear" }),
    ]);
    expect(boxes[0]).not.toHaveProperty("name");
    expect(boxes[1]).not.toHaveProperty("checked");
  });
});

describe("a table's selection and sorting rules", () => {
  it("ticks and clears one row without changing the others", () => {
    const one = nextSelection(new Set(["a"]), "b", true);
    expect([...one]).toEqual(["a", "b"]);
    expect([...nextSelection(one, "a", false)]).toEqual(["b"]);
  });

  it.each([
    {
      current: { orderby: "id", order: "asc" as const },
      column: "name",
      href: "orderby=name&order=asc",
      direction: "none",
    },
    {
      current: { orderby: "name", order: "asc" as const },
      column: "name",
      href: "orderby=name&order=desc",
      direction: "ascending",
    },
    {
      current: { orderby: "name", order: "desc" as const },
      column: "name",
      href: "orderby=name&order=asc",
      direction: "descending",
    },
  ])(
    "sorting by $column when sorted by $current.orderby $current.order",
    ({ current, column, href, direction }) => {
      const sort = sortColumn(
        "/admin/products",
        { status: "draft", page: 3, orderby: current.orderby },
        column,
        current,
      );
      expect(sort).toEqual({ href: `/admin/products?status=draft&${href}`, direction });
    },
  );
});
