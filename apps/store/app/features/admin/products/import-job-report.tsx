import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ImportJobView, JobFetches } from "../../../lib/catalogue-import-view.ts";
import { CountList, ImportSection, ProblemTable } from "./import-preview.tsx";

/** How often the page asks again while the job runs or pictures or files wait. */
const POLL_MS = 1_000;

/**
 * An import's progress, then its report (decisions 0077, 0081). While the job runs or its pictures
 * or downloadable files wait, the page reads its loader again every second (without scripts it
 * reloads itself); the run itself belongs to the server, so closing the page changes nothing.
 */
export function ImportJobReport({ job }: { job: ImportJobView }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const waiting = job.status === "running" || job.pictures.pending > 0 || job.files.pending > 0;
  const namedFiles = job.files.pending + job.files.fetched + job.files.failed > 0;
  const failedPictures = job.pictures.failures.length > 0;
  const failedFiles = job.files.failures.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  return (
    <>
      {waiting && (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <ImportSection title={t("backOffice.productImport.progressTitle")}>
        <div role="status" className="space-y-2">
          <p>{t(`backOffice.productImport.status.${job.status}`)}</p>
          {job.status === "running" && (
            <>
              <progress
                className="w-full max-w-md"
                value={job.rowsDone}
                max={job.rows ?? undefined}
                aria-label={t("backOffice.productImport.progressLabel")}
              />
              <p>{t(`backOffice.productImport.phases.${job.phase}`)}</p>
            </>
          )}
          <p>
            {job.rows === null
              ? t("backOffice.productImport.rowsDone", { done: job.rowsDone })
              : t("backOffice.productImport.rowsDoneOf", { done: job.rowsDone, rows: job.rows })}
            {" · "}
            {t("backOffice.productImport.rowsPerSecond", { rate: job.rowsPerSecond })}
          </p>
          {job.error && <p className="text-red-700">{job.error}</p>}
          {job.stopped && (
            <p className="text-red-700">{t("backOffice.productImport.stopped", { reason: job.stopped })}</p>
          )}
        </div>
      </ImportSection>

      <ImportSection title={t("backOffice.productImport.reportTitle")}>
        <CountList
          counts={{
            rows: job.rowsDone,
            created: job.created,
            updated: job.updated,
            unchanged: job.unchanged,
            refused: job.refused,
          }}
        />
      </ImportSection>

      {job.refusedRows.length > 0 && (
        <ImportSection title={t("backOffice.productImport.refusedTitle", { count: job.refusedRows.length })}>
          <ProblemTable
            rows={job.refusedRows}
            caption={t("backOffice.productImport.refusedTitle", { count: job.refusedRows.length })}
          />
        </ImportSection>
      )}

      <ImportSection title={t("backOffice.productImport.picturesTitle")}>
        <p>
          {t("backOffice.productImport.picturesCounts", {
            pending: job.pictures.pending,
            fetched: job.pictures.fetched,
            failed: job.pictures.failed,
          })}
        </p>
        {failedPictures && (
          <FailureTable fetches={job.pictures} caption={t("backOffice.productImport.failedPictures")} />
        )}
      </ImportSection>

      {namedFiles && (
        <ImportSection title={t("backOffice.productImport.filesTitle")}>
          <p>
            {t("backOffice.productImport.filesCounts", {
              pending: job.files.pending,
              fetched: job.files.fetched,
              failed: job.files.failed,
            })}
          </p>
          {failedFiles && (
            <FailureTable fetches={job.files} caption={t("backOffice.productImport.failedFiles")} />
          )}
        </ImportSection>
      )}

      {(failedPictures || failedFiles) && (
        <Form method="post" className="mt-3">
          <button type="submit" className={ADMIN_BUTTON} disabled={navigation.state === "submitting"}>
            {t(
              failedPictures && failedFiles
                ? "backOffice.productImport.fetchAllAgain"
                : failedFiles
                  ? "backOffice.productImport.fetchFilesAgain"
                  : "backOffice.productImport.fetchAgain",
            )}
          </button>
        </Form>
      )}
    </>
  );
}

/** The addresses that could not be fetched: each product (linked), the address, the error. */
function FailureTable({ fetches, caption }: { fetches: JobFetches; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-1 pr-4">
            {t("backOffice.productImport.product")}
          </th>
          <th scope="col" className="py-1 pr-4">
            {t("backOffice.productImport.address")}
          </th>
          <th scope="col" className="py-1">
            {t("backOffice.productImport.error")}
          </th>
        </tr>
      </thead>
      <tbody>
        {fetches.failures.map((failure) => (
          <tr
            key={`${failure.productId}-${failure.variationId}-${failure.url}`}
            className="border-b border-stone-200"
          >
            <td className="py-1 pr-4">
              <a href={`/admin/products/${failure.productId}`} className="text-brand underline">
                #{failure.productId}
              </a>
            </td>
            <td className="py-1 pr-4 break-all">{failure.url}</td>
            <td className="py-1">{failure.error}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
