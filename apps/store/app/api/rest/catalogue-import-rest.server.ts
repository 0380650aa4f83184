import type { Request } from "express";
import { z } from "zod";
import type { AppContext } from "../../context.server.ts";
import { importIdParam, skipColumnsInput } from "../../lib/catalogue-import-view.ts";
import {
  ImportUploadError,
  importJobView,
  importPartsOf,
  importUpload,
  keepImportUpload,
  previewUpload,
  runUpload,
} from "../../services/catalogue-io/catalogue-import-runs.server.ts";
import { retryFailedFetches, wakeImportFetching } from "../../services/catalogue-io/picture-fetch.server.ts";
import { readUpload } from "./media-rest.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * The catalogue's import from WooCommerce's product CSV (issue 43, decision 0077), for
 * administrators: `POST /products/import` (multipart `file`) keeps the file and answers its upload;
 * `GET /products/import/{upload}/preview?skip=…` what it would do; `POST /products/import/{upload}/run`
 * `{skip_columns}` starts its job in the background (or joins the file's unfinished one);
 * `GET /products/import/jobs/{job}` the job's progress and report;
 * `POST /products/import/jobs/{job}/pictures/retry` its failed pictures and downloadable files
 * fetched again.
 *
 * The upload also takes the back office's own form (sent without scripts, the nonce in `_wpnonce`):
 * a browser asking for a page gets a redirect to the preview, or back to the form with the refusal.
 */

const IMPORT_PAGE = "/admin/products/import";

const wantsPage = (req: Request) => req.accepts(["json", "html"]) === "html";

const idOf = (req: Request) => {
  const id = importIdParam.safeParse(req.params.id);
  if (!id.success) throw new rest.RestError(404, "catalogue_import_invalid_id", "No such import.");
  return id.data;
};

const upload: rest.Handler = async (context, caller, req, res) => {
  const page = wantsPage(req);
  try {
    const { bytes, filename } = await readUpload(req);
    const kept = await keepImportUpload(
      { db: context.db, files: context.privateFiles },
      {
        bytes,
        filename,
        uploadedBy: rest.signedIn(caller).userId,
      },
    );
    if (page) {
      res.redirect(303, `${IMPORT_PAGE}/${kept.id}`);
      return;
    }
    res.status(201).json({
      id: kept.id,
      file_name: kept.fileName,
      bytes: kept.bytes,
      preview: `${IMPORT_PAGE}/${kept.id}`,
    });
  } catch (error) {
    const refusal =
      error instanceof ImportUploadError
        ? new rest.RestError(error.status, error.code, error.message)
        : error instanceof rest.RestError
          ? error
          : null;
    if (!refusal) throw error;
    if (page) {
      res.redirect(303, `${IMPORT_PAGE}?${new URLSearchParams({ error: refusal.code })}`);
      return;
    }
    throw refusal;
  }
};

async function knownUpload(context: AppContext, req: Request) {
  const id = idOf(req);
  if (!(await importUpload(context.privateFiles, id)))
    throw new rest.RestError(404, "catalogue_import_invalid_id", "No such uploaded file.");
  return id;
}

const preview: rest.Handler = async (context, _caller, req, res) => {
  const id = await knownUpload(context, req);
  const skip = rest.parsed(skipColumnsInput, [req.query.skip ?? []].flat(), "skip");
  const { report } = await previewUpload(importPartsOf(context), id, skip);
  res.json({
    columns: report.columns,
    ignored_columns: report.ignoredColumns,
    file_problems: report.fileProblems,
    rows: report.rows,
    created: report.created,
    updated: report.updated,
    unchanged: report.unchanged,
    refused: report.refused,
    outcomes: report.outcomes,
  });
};

const runInput = z.object({ skip_columns: skipColumnsInput.default([]) });

const run: rest.Handler = async (context, _caller, req, res) => {
  const id = await knownUpload(context, req);
  const body = rest.parsed(runInput, req.body ?? {}, "skip_columns");
  const { jobId, resumed } = await runUpload(importPartsOf(context), id, body.skip_columns);
  res.status(202).json({ job_id: jobId, resumed, progress: `${IMPORT_PAGE}/jobs/${jobId}` });
};

const job: rest.Handler = async (context, _caller, req, res) => {
  const view = await importJobView(context.db, idOf(req));
  if (!view) throw new rest.RestError(404, "catalogue_import_invalid_id", "No such import.");
  res.json(view);
};

const retry: rest.Handler = async (context, _caller, req, res) => {
  const id = idOf(req);
  if (!(await importJobView(context.db, id)))
    throw new rest.RestError(404, "catalogue_import_invalid_id", "No such import.");
  const reset = await retryFailedFetches(context.db, id);
  wakeImportFetching(context.db);
  res.json({ reset });
};

export const catalogueImportRoutes: rest.RestRoute[] = [
  { method: "post", path: "/products/import", needs: "admin", handler: upload },
  { method: "get", path: "/products/import/jobs/:id", needs: "admin", handler: job },
  { method: "post", path: "/products/import/jobs/:id/pictures/retry", needs: "admin", handler: retry },
  { method: "get", path: "/products/import/:id/preview", needs: "admin", handler: preview },
  { method: "post", path: "/products/import/:id/run", needs: "admin", handler: run },
];
