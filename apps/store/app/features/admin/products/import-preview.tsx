import { type ReactNode, useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ADMIN_BUTTON, ADMIN_SAVE_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type {
  ColumnMapping,
  ColumnTarget,
  PreviewRowView,
  RowProblem,
} from "../../../lib/catalogue-import-view.ts";

type Counts = { rows: number; created: number; updated: number; unchanged: number; refused: number };

/**
 * The import's preview (decision 0077), as WooCommerce's importer shows its steps on one page: each
 * column and what it maps to, with "Do not import" (an unknown column stops the file until it is
 * left out); the counts; the refused rows with their line, column and reason; the rows a page at a
 * time; and "Run import".
 */
export function ImportPreview(props: {
  skip: string[];
  mapping: ColumnMapping[];
  fileProblems: Array<{ line: number; column: string | null; message: string }>;
  counts: Counts;
  refused: PreviewRowView[];
  rows: PreviewRowView[];
  page: number;
  pages: number;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const blocked = props.fileProblems.length > 0;
  return (
    <>
      <ImportSection title={t("backOffice.productImport.mappingTitle")}>
        <Form method="get" className="space-y-3">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("backOffice.productImport.mappingTitle")}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-4">
                  {t("backOffice.productImport.column")}
                </th>
                <th scope="col" className="py-1 pr-4">
                  {t("backOffice.productImport.mapsTo")}
                </th>
                <th scope="col" className="py-1">
                  {t("backOffice.productImport.doNotImport")}
                </th>
              </tr>
            </thead>
            <tbody>
              {props.mapping.map(({ header, to }) => (
                <tr key={header} className="border-b border-stone-200">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {header}
                  </th>
                  <td className={`py-1 pr-4 ${to.kind === "unknown" ? "font-semibold text-red-700" : ""}`}>
                    {targetText(t, to)}
                  </td>
                  <td className="py-1">
                    <input
                      type="checkbox"
                      name="skip"
                      value={header}
                      defaultChecked={to.kind === "skipped"}
                      aria-label={t("backOffice.productImport.doNotImportColumn", { column: header })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit" className={ADMIN_BUTTON}>
            {t("backOffice.productImport.updatePreview")}
          </button>
        </Form>
      </ImportSection>

      {blocked && (
        <div role="alert" className="mb-6 border-l-4 border-red-600 bg-red-50 px-4 py-2">
          <p className="font-semibold">{t("backOffice.productImport.fileProblems")}</p>
          <ul className="list-disc pl-6">
            {props.fileProblems.map((problem) => (
              <li key={`${problem.line}-${problem.column}`}>
                {problem.column
                  ? t("backOffice.productImport.problemAt", {
                      line: problem.line,
                      column: problem.column,
                      message: problem.message,
                    })
                  : t("backOffice.productImport.problemAtLine", {
                      line: problem.line,
                      message: problem.message,
                    })}
              </li>
            ))}
          </ul>
        </div>
      )}

      {!blocked && (
        <ImportSection title={t("backOffice.productImport.summaryTitle")}>
          <CountList counts={props.counts} />
          <Form method="post" className="mt-4">
            {props.skip.map((header) => (
              <input key={header} type="hidden" name="skip" value={header} />
            ))}
            <button type="submit" className={ADMIN_SAVE_BUTTON} disabled={navigation.state === "submitting"}>
              {t("backOffice.productImport.run")}
            </button>
          </Form>
        </ImportSection>
      )}

      {!blocked && props.refused.length > 0 && (
        <ImportSection title={t("backOffice.productImport.refusedTitle", { count: props.refused.length })}>
          <ProblemTable
            rows={props.refused}
            caption={t("backOffice.productImport.refusedTitle", { count: props.refused.length })}
          />
        </ImportSection>
      )}

      {!blocked && (
        <ImportSection title={t("backOffice.productImport.rowsTitle")}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("backOffice.productImport.rowsTitle")}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-4">
                  {t("backOffice.productImport.line")}
                </th>
                <th scope="col" className="py-1 pr-4">
                  SKU
                </th>
                <th scope="col" className="py-1 pr-4">
                  {t("backOffice.productImport.name")}
                </th>
                <th scope="col" className="py-1 pr-4">
                  {t("backOffice.productImport.type")}
                </th>
                <th scope="col" className="py-1">
                  {t("backOffice.productImport.outcome")}
                </th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.line} className="border-b border-stone-200">
                  <td className="py-1 pr-4">{row.line}</td>
                  <td className="py-1 pr-4">{row.sku}</td>
                  <td className="py-1 pr-4">{row.name}</td>
                  <td className="py-1 pr-4">{row.type}</td>
                  <td className="py-1">
                    {t(`backOffice.productImport.outcomes.${row.outcome}`)}
                    {row.problems.length > 0 &&
                      `: ${row.problems.map((p) => problemText(t, row.line, p)).join("; ")}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {props.pages > 1 && <Pager page={props.page} pages={props.pages} skip={props.skip} />}
        </ImportSection>
      )}
    </>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

function targetText(t: T, to: ColumnTarget): string {
  switch (to.kind) {
    case "field":
      return t("backOffice.productImport.targets.field", { field: to.field });
    case "attribute":
      return t("backOffice.productImport.targets.attribute", { n: to.n, part: to.part });
    case "download":
      return t("backOffice.productImport.targets.download", { n: to.n, part: to.part });
    case "vitrine":
      return t("backOffice.productImport.targets.vitrine", { key: to.key });
    case "meta":
      return t("backOffice.productImport.targets.meta", { key: to.key });
    default:
      return t(`backOffice.productImport.targets.${to.kind}`);
  }
}

function problemText(t: T, line: number, problem: RowProblem): string {
  return problem.column
    ? t("backOffice.productImport.problemAt", { line, column: problem.column, message: problem.message })
    : t("backOffice.productImport.problemAtLine", { line, message: problem.message });
}

/** The counts, as the preview and the report show them. */
export function CountList({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const items: Array<[string, number]> = [
    ["rows", counts.rows],
    ["created", counts.created],
    ["updated", counts.updated],
    ["unchanged", counts.unchanged],
    ["refused", counts.refused],
  ];
  return (
    <dl className="grid max-w-md grid-cols-2 gap-x-4 gap-y-1">
      {items.map(([key, value]) => (
        <div key={key} className="contents">
          <dt>{t(`backOffice.productImport.counts.${key}`)}</dt>
          <dd className="font-semibold" data-count={key}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Refused rows: each problem by line, column and reason. */
export function ProblemTable({
  rows,
  caption,
}: {
  rows: Array<{ line: number; problems: RowProblem[] }>;
  caption: string;
}) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-1 pr-4">
            {t("backOffice.productImport.line")}
          </th>
          <th scope="col" className="py-1 pr-4">
            {t("backOffice.productImport.column")}
          </th>
          <th scope="col" className="py-1">
            {t("backOffice.productImport.reason")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.flatMap((row) =>
          row.problems.map((problem, index) => (
            <tr key={`${row.line}-${index}`} className="border-b border-stone-200">
              <td className="py-1 pr-4">{row.line}</td>
              <td className="py-1 pr-4">{problem.column ?? "—"}</td>
              <td className="py-1">{problem.message}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

function Pager({ page, pages, skip }: { page: number; pages: number; skip: string[] }) {
  const { t } = useTranslation();
  const to = (n: number) => `?${new URLSearchParams([...skip.map((s) => ["skip", s]), ["page", String(n)]])}`;
  return (
    <nav aria-label={t("backOffice.productImport.rowPages")} className="mt-3 flex gap-4">
      {page > 1 && (
        <Link to={to(page - 1)} className="text-brand underline">
          {t("backOffice.productImport.previousRows")}
        </Link>
      )}
      <span>{t("backOffice.productImport.pageOf", { page, pages })}</span>
      {page < pages && (
        <Link to={to(page + 1)} className="text-brand underline">
          {t("backOffice.productImport.nextRows")}
        </Link>
      )}
    </nav>
  );
}

/** One part of the import's pages: a heading and what it is about. */
export function ImportSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-6 space-y-3 rounded border border-stone-200 p-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
