import {
  catalogueImportOrigins,
  type Database,
  productLinks,
  products,
  type Transaction,
  variations,
} from "@vitrine/db";
import { and, eq, inArray, lte } from "drizzle-orm";
import {
  type CsvProblem,
  type CsvSource,
  type ProductKind,
  type ProductRef,
  readWooProductCsv,
} from "../../lib/woo-product-csv.ts";

/**
 * The import's first reading of a file (decision 0074): every row's keys and references, which
 * existing product or variation each row is, and which rows are refused before anything is
 * written: bad cells, a SKU twice, a variation whose parent is nowhere, a loop of grouped products.
 */

/** What the plan keeps of a row: enough to match it and check its references, not its texts. */
export type PlannedRow = {
  line: number;
  kind: ProductKind;
  sku: string | null;
  fileId: number | null;
  parent: ProductRef | null;
  grouped: ProductRef[];
  upsells: ProductRef[];
  crossSells: ProductRef[];
  /** The existing product (or variation) this row is; null: it will be created. */
  targetId: number | null;
  problems: Array<Omit<CsvProblem, "line">>;
};

export type ImportPlan = {
  columns: string[];
  ignoredColumns: string[];
  fileProblems: CsvProblem[];
  rows: Map<number, PlannedRow>;
  /** The row (line) of each SKU and file ID, products and variations apart. */
  productLineBySku: Map<string, number>;
  productLineById: Map<number, number>;
  /** Existing products by SKU and by the ID a file gave them (or their own, up to the baseline). */
  productIdBySku: Map<string, { id: number; type: string }>;
  productIdByFileId: Map<number, { id: number; type: string }>;
};

export type Baseline = { productId: number; variationId: number };

type Reader = Database | Transaction;

const refProblem = (column: string, message: string) => ({ column, code: "bad_reference" as const, message });

export async function planImport(
  db: Reader,
  open: () => CsvSource,
  skipColumns: readonly string[],
  baseline: Baseline,
): Promise<ImportPlan> {
  const plan: ImportPlan = {
    columns: [],
    ignoredColumns: [],
    fileProblems: [],
    rows: new Map(),
    productLineBySku: new Map(),
    productLineById: new Map(),
    productIdBySku: new Map(),
    productIdByFileId: new Map(),
  };
  const variationLineBySku = new Map<string, number>();
  for await (const parsed of readWooProductCsv(open(), { skipColumns })) {
    if (parsed.kind === "header") {
      plan.columns = parsed.columns;
      plan.ignoredColumns = parsed.ignored;
      plan.fileProblems.push(...parsed.problems);
      continue;
    }
    const { row, line } = parsed;
    const kind = row.type ?? "simple";
    const planned: PlannedRow = {
      line,
      kind,
      sku: row.sku ?? null,
      fileId: row.id ?? null,
      parent: row.parent ?? null,
      grouped: row.grouped ?? [],
      upsells: row.upsells ?? [],
      crossSells: row.crossSells ?? [],
      targetId: null,
      problems: parsed.problems.map(({ line: _line, ...problem }) => problem),
    };
    const skus = kind === "variation" ? variationLineBySku : plan.productLineBySku;
    if (planned.sku !== null) {
      if (
        skus.has(planned.sku) ||
        (kind === "variation" ? plan.productLineBySku : variationLineBySku).has(planned.sku)
      )
        planned.problems.push({
          column: "SKU",
          code: "bad_value",
          message: `Another row has the SKU ${planned.sku}.`,
        });
      else skus.set(planned.sku, line);
    }
    if (kind !== "variation" && planned.fileId !== null) plan.productLineById.set(planned.fileId, line);
    if (kind === "variation" && !planned.parent)
      planned.problems.push(refProblem("Parent", "A variation needs its parent (its SKU or id:123)."));
    if (kind !== "variation" && planned.parent)
      planned.problems.push(refProblem("Parent", "Only a variation has a parent."));
    if (row.name !== undefined && row.name === "" && kind !== "variation")
      planned.problems.push({ column: "Name", code: "bad_value", message: "A product needs a name." });
    plan.rows.set(line, planned);
  }
  if (plan.columns.length === 0)
    plan.fileProblems.push({ line: 1, column: null, code: "no_header", message: "The file is empty." });
  await matchExisting(db, plan, variationLineBySku, baseline);
  refuseBrokenReferences(plan);
  return plan;
}

/** Each row's existing product or variation: by SKU, then by the ID a file gave it, then by its own ID. */
async function matchExisting(
  db: Reader,
  plan: ImportPlan,
  variationLineBySku: Map<string, number>,
  baseline: Baseline,
): Promise<void> {
  const rows = [...plan.rows.values()];
  const refSkus = rows.flatMap((row) =>
    [row.parent, ...row.grouped, ...row.upsells, ...row.crossSells].flatMap((ref) =>
      ref && "sku" in ref ? [ref.sku] : [],
    ),
  );
  const productSkus = [...new Set([...plan.productLineBySku.keys(), ...refSkus])];
  const refIds = rows.flatMap((row) =>
    [row.parent, ...row.grouped, ...row.upsells, ...row.crossSells].flatMap((ref) =>
      ref && "id" in ref ? [ref.id] : [],
    ),
  );
  const productIds = [...new Set([...plan.productLineById.keys(), ...refIds])];
  const variationIds = [
    ...new Set(rows.flatMap((row) => (row.kind === "variation" && row.fileId ? [row.fileId] : []))),
  ];
  const [bySku, variationsBySku, origins, ownIds, ownVariations] = await Promise.all([
    chunked(productSkus, (part) =>
      db
        .select({ id: products.id, sku: products.sku, type: products.type })
        .from(products)
        .where(inArray(products.sku, part)),
    ),
    chunked([...variationLineBySku.keys()], (part) =>
      db
        .select({ id: variations.id, sku: variations.sku })
        .from(variations)
        .where(inArray(variations.sku, part)),
    ),
    chunked([...new Set([...productIds, ...variationIds])], (part) =>
      db.select().from(catalogueImportOrigins).where(inArray(catalogueImportOrigins.sourceId, part)),
    ),
    chunked(productIds, (part) =>
      db
        .select({ id: products.id, type: products.type })
        .from(products)
        .where(and(inArray(products.id, part), lte(products.id, baseline.productId))),
    ),
    chunked(variationIds, (part) =>
      db
        .select({ id: variations.id })
        .from(variations)
        .where(and(inArray(variations.id, part), lte(variations.id, baseline.variationId))),
    ),
  ]);
  for (const row of bySku) if (row.sku) plan.productIdBySku.set(row.sku, row);
  const typeOf = new Map<number, string>();
  const originTargets = origins
    .filter((origin) => origin.kind === "product")
    .map((origin) => origin.targetId);
  for (const row of await chunked(originTargets, (part) =>
    db.select({ id: products.id, type: products.type }).from(products).where(inArray(products.id, part)),
  ))
    typeOf.set(row.id, row.type);
  for (const row of ownIds) plan.productIdByFileId.set(row.id, row);
  // An ID the store gave an earlier import's row wins over the store's own product of that number.
  for (const origin of origins)
    if (origin.kind === "product" && typeOf.has(origin.targetId))
      plan.productIdByFileId.set(origin.sourceId, {
        id: origin.targetId,
        type: typeOf.get(origin.targetId)!,
      });
  const variationBySku = new Map(variationsBySku.map((row) => [row.sku!, row.id]));
  const variationByFileId = new Map(ownVariations.map((row) => [row.id, row.id]));
  for (const origin of origins)
    if (origin.kind === "variation") variationByFileId.set(origin.sourceId, origin.targetId);
  for (const row of rows) {
    if (row.kind === "variation") {
      row.targetId =
        (row.sku !== null ? variationBySku.get(row.sku) : undefined) ??
        (row.sku === null || !variationBySku.has(row.sku)
          ? row.fileId
            ? variationByFileId.get(row.fileId)
            : undefined
          : undefined) ??
        null;
      if (row.sku !== null && plan.productIdBySku.has(row.sku) && !variationBySku.has(row.sku))
        row.problems.push({
          column: "SKU",
          code: "bad_value",
          message: `The SKU ${row.sku} is a product's, not a variation's.`,
        });
    } else {
      const existing =
        (row.sku !== null ? plan.productIdBySku.get(row.sku) : undefined) ??
        (row.fileId !== null ? plan.productIdByFileId.get(row.fileId) : undefined);
      row.targetId = existing?.id ?? null;
      if (row.sku !== null && variationBySku.has(row.sku))
        row.problems.push({
          column: "SKU",
          code: "bad_value",
          message: `The SKU ${row.sku} is a variation's.`,
        });
      if (
        existing &&
        (existing.type === "variable") !== (row.kind === "variable") &&
        row.kind !== "simple" &&
        existing.type !== "simple"
      )
        row.problems.push({
          column: "Type",
          code: "bad_value",
          message: `This product is ${existing.type}; it cannot become ${row.kind}.`,
        });
    }
  }
  await existingGroupedLinks(db, plan);
}

/** Grouped children the store already holds for grouped products the file names but does not change. */
const heldGroups = new WeakMap<ImportPlan, Map<number, number[]>>();

async function existingGroupedLinks(db: Reader, plan: ImportPlan): Promise<void> {
  const rows = await db
    .select({ productId: productLinks.productId, linked: productLinks.linkedProductId })
    .from(productLinks)
    .where(eq(productLinks.kind, "grouped"));
  const groups = new Map<number, number[]>();
  for (const row of rows) groups.set(row.productId, [...(groups.get(row.productId) ?? []), row.linked]);
  heldGroups.set(plan, groups);
}

/** A reference's node: a row of the file, or an existing product; null when it is neither. */
export type RefTarget = { line: number } | { productId: number } | null;

export function resolveRef(plan: ImportPlan, ref: ProductRef): RefTarget {
  if ("sku" in ref) {
    const line = plan.productLineBySku.get(ref.sku);
    if (line !== undefined) return { line };
    const existing = plan.productIdBySku.get(ref.sku);
    return existing ? { productId: existing.id } : null;
  }
  const line = plan.productLineById.get(ref.id);
  if (line !== undefined) return { line };
  const existing = plan.productIdByFileId.get(ref.id);
  return existing ? { productId: existing.id } : null;
}

/**
 * Refuses, until nothing more changes: a variation whose parent is missing, refused or not
 * variable; a row linking to a product that is missing or refused; the rows of a loop of grouped
 * products.
 */
function refuseBrokenReferences(plan: ImportPlan): void {
  const rows = [...plan.rows.values()];
  const refused = (line: number) => (plan.rows.get(line)?.problems.length ?? 0) > 0;
  const typeOfTarget = (target: RefTarget): string | null => {
    if (!target) return null;
    if ("line" in target) return plan.rows.get(target.line)!.kind;
    for (const existing of plan.productIdBySku.values())
      if (existing.id === target.productId) return existing.type;
    for (const existing of plan.productIdByFileId.values())
      if (existing.id === target.productId) return existing.type;
    return null;
  };
  refuseGroupLoops(plan);
  for (let changed = true; changed; ) {
    changed = false;
    for (const row of rows) {
      if (row.problems.length > 0) continue;
      const refuse = (column: string, message: string) => {
        row.problems.push(refProblem(column, message));
        changed = true;
      };
      if (row.parent) {
        const target = resolveRef(plan, row.parent);
        const name = "sku" in row.parent ? row.parent.sku : `id:${row.parent.id}`;
        if (!target) refuse("Parent", `The parent ${name} is neither in the file nor in the store.`);
        else if ("line" in target && refused(target.line))
          refuse("Parent", `The parent ${name} (line ${target.line}) is refused.`);
        else if (typeOfTarget(target) !== "variable")
          refuse("Parent", `The parent ${name} is not a variable product.`);
        continue;
      }
      const lists = [
        ["Grouped products", row.grouped],
        ["Upsells", row.upsells],
        ["Cross-sells", row.crossSells],
      ] as const;
      for (const [column, refs] of lists) {
        for (const ref of refs) {
          const target = resolveRef(plan, ref);
          const name = "sku" in ref ? ref.sku : `id:${ref.id}`;
          if (!target) refuse(column, `${name} is neither in the file nor in the store.`);
          else if ("line" in target && refused(target.line))
            refuse(column, `${name} (line ${target.line}) is refused.`);
          else if ("line" in target && target.line === row.line)
            refuse(column, "A product cannot name itself.");
          else continue;
          break;
        }
        if (row.problems.length > 0) break;
      }
    }
  }
}

/** Grouped products whose children lead back to them: each row of such a loop is refused. */
function refuseGroupLoops(plan: ImportPlan): void {
  const held = heldGroups.get(plan) ?? new Map<number, number[]>();
  const lineOfProduct = new Map<number, number>();
  for (const row of plan.rows.values())
    if (row.targetId !== null && row.kind !== "variation") lineOfProduct.set(row.targetId, row.line);
  const key = (target: NonNullable<RefTarget>) =>
    "line" in target
      ? `l${target.line}`
      : lineOfProduct.has(target.productId)
        ? `l${lineOfProduct.get(target.productId)}`
        : `p${target.productId}`;
  const children = (node: string): string[] => {
    if (node.startsWith("l")) {
      const row = plan.rows.get(Number(node.slice(1)))!;
      return row.grouped.flatMap((ref) => {
        const target = resolveRef(plan, ref);
        return target ? [key(target)] : [];
      });
    }
    return (held.get(Number(node.slice(1))) ?? []).map((id) => key({ productId: id }));
  };
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const child of children(node)) {
      if (state.get(child) === "open") {
        for (const member of stack.slice(stack.indexOf(child))) {
          if (!member.startsWith("l")) continue;
          const row = plan.rows.get(Number(member.slice(1)))!;
          if (!row.problems.some((problem) => problem.column === "Grouped products"))
            row.problems.push(
              refProblem("Grouped products", "These grouped products contain each other in a loop."),
            );
        }
      } else if (!state.has(child)) visit(child);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const row of plan.rows.values())
    if (row.grouped.length > 0 && !state.has(`l${row.line}`)) visit(`l${row.line}`);
}

/** A query over a long list, a few thousand values at a time (PostgreSQL's parameter limit). */
export async function chunked<T, R>(values: T[], query: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < values.length; start += 5000)
    out.push(...(await query(values.slice(start, start + 5000))));
  return out;
}
