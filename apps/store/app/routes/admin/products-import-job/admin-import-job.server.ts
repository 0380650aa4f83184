import { type AppLoadContext, data, redirect } from "react-router";
import { importIdParam } from "../../../lib/catalogue-import-view.ts";
import { importJobView } from "../../../services/catalogue-io/catalogue-import-runs.server.ts";
import {
  retryFailedFetches,
  wakeImportFetching,
} from "../../../services/catalogue-io/picture-fetch.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

async function jobOf(context: AppLoadContext, param: string | undefined) {
  const id = importIdParam.safeParse(param);
  const job = id.success ? await importJobView(context.db, id.data) : null;
  if (!job) throw data(null, { status: 404 });
  return job;
}

/** The job's progress while it runs, then its report. */
export async function loadImportJob(context: AppLoadContext, request: Request, param: string | undefined) {
  await requireAdmin(context, request);
  return { job: await jobOf(context, param) };
}

/** "Fetch again": the job's failed pictures and files back to pending, the fetcher woken. */
export async function refetchPicturesAction(
  context: AppLoadContext,
  request: Request,
  param: string | undefined,
) {
  await requireAdmin(context, request);
  const job = await jobOf(context, param);
  await retryFailedFetches(context.db, job.id);
  wakeImportFetching(context.db);
  throw redirect(`/admin/products/import/jobs/${job.id}`);
}
