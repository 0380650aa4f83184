import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { CouponList } from "../../../features/admin/coupons/coupon-list.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { listCoupons } from "../../../services/coupons/coupons-admin.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

const PER_PAGE = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { query } = await staffRequest(context, request, "administrator");
  const page = Math.max(1, Math.min(100_000, Number.parseInt(query.get("page") ?? "1", 10) || 1));
  const done = query.get("done");
  const search = query.get("search")?.trim().slice(0, 100) || undefined;
  const { records, total } = await listCoupons(context.db, { page, perPage: PER_PAGE, search });
  return {
    coupons: records,
    page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    done: done === "saved" || done === "deleted" ? done : null,
  };
}

export const meta = () => backOfficeMeta("Coupons");

/** `/admin/coupons`: the store's coupons (decision 0068). */
export default function BackOfficeCoupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage
      title={t("backOffice.coupons.title")}
      notice={loaderData.done && t(`backOffice.coupons.done.${loaderData.done}`)}
    >
      <CouponList coupons={loaderData.coupons} page={loaderData.page} pages={loaderData.pages} />
    </BackOfficePage>
  );
}
