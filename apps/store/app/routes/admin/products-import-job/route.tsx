import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { ImportJobReport } from "../../../features/admin/products/import-job-report.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadImportJob, refetchPicturesAction } from "./admin-import-job.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadImportJob(context, request, params.job);

export const action = ({ context, request, params }: Route.ActionArgs) =>
  refetchPicturesAction(context, request, params.job);

export const meta = () => backOfficeMeta("Import products: progress");

/** `/admin/products/import/jobs/{job}`: an import's progress, then its report (decision 0077). */
export default function BackOfficeImportJob({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { job } = loaderData;
  return (
    <BackOfficePage
      title={t(
        job.status === "running"
          ? "backOffice.productImport.runningTitle"
          : "backOffice.productImport.doneTitle",
        {
          file: job.fileName,
        },
      )}
      back={{ to: "/admin/products", label: t("backOffice.productImport.backToProducts") }}
    >
      <ImportJobReport job={job} />
    </BackOfficePage>
  );
}
