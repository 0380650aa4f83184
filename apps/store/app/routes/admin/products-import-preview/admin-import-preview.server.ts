import { type AppLoadContext, data, redirect } from "react-router";
import {
  columnMapping,
  importIdParam,
  PREVIEW_PAGE_ROWS,
  skipColumnsFrom,
} from "../../../lib/catalogue-import-view.ts";
import {
  importPartsOf,
  importUpload,
  previewUpload,
  runUpload,
} from "../../../services/catalogue-io/catalogue-import-runs.server.ts";
import { requireAdmin, staffRequest } from "../../../services/people/staff-access.server.ts";

async function uploadOf(context: AppLoadContext, param: string | undefined) {
  const id = importIdParam.safeParse(param);
  const upload = id.success ? await importUpload(context.privateFiles, id.data) : null;
  if (!upload) throw data(null, { status: 404 });
  return upload;
}

/** The preview: the columns and what they map to, the counts, the refused rows, a page of rows. */
export async function loadImportPreview(
  context: AppLoadContext,
  request: Request,
  param: string | undefined,
) {
  const { query } = await staffRequest(context, request, "administrator");
  const upload = await uploadOf(context, param);
  const skip = skipColumnsFrom(query.getAll("skip"));
  const { report, rows } = await previewUpload(importPartsOf(context), upload.id, skip);
  const outcomes = new Map(report.outcomes.map((outcome) => [outcome.line, outcome]));
  const described = rows.map((row) => ({
    ...row,
    outcome: outcomes.get(row.line)?.outcome ?? "unchanged",
    problems: outcomes.get(row.line)?.problems ?? [],
  }));
  const pages = Math.max(1, Math.ceil(described.length / PREVIEW_PAGE_ROWS));
  const page = Math.min(pages, Math.max(1, Number.parseInt(query.get("page") ?? "1", 10) || 1));
  return {
    upload,
    skip,
    mapping: columnMapping(report.columns, skip),
    fileProblems: report.fileProblems,
    counts: {
      rows: report.rows,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      refused: report.refused,
    },
    refused: described.filter((row) => row.outcome === "refuse"),
    rows: described.slice((page - 1) * PREVIEW_PAGE_ROWS, page * PREVIEW_PAGE_ROWS),
    page,
    pages,
  };
}

/** "Run import": the job started (or joined) in the background; its progress page next. */
export async function runImportAction(context: AppLoadContext, request: Request, param: string | undefined) {
  await requireAdmin(context, request);
  const upload = await uploadOf(context, param);
  const form = await request.formData();
  const { jobId } = await runUpload(importPartsOf(context), upload.id, skipColumnsFrom(form.getAll("skip")));
  throw redirect(`/admin/products/import/jobs/${jobId}`);
}
