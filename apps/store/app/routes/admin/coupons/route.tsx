import { CouponList } from "../../../features/admin/coupons/coupon-list.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { listCoupons } from "../../../services/coupons/coupons-admin.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";
import type { Route } from "./+types/route";

const PER_PAGE = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const done = url.searchParams.get("done");
  const search = url.searchParams.get("search")?.trim().slice(0, 100) || undefined;
  const { records, total } = await listCoupons(context.db, { page, perPage: PER_PAGE, search });
  return {
    coupons: records,
    page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
    done: done === "saved" || done === "deleted" ? done : null,
  };
}

export function meta() {
  return [{ title: "Coupons" }, { name: "robots", content: "noindex" }];
}

/** `/admin/coupons`: the store's coupons (decision 0068). */
export default function BackOfficeCoupons({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.coupons.title")}</h1>
      {loaderData.done && (
        <p role="status" className="mb-4 border-l-4 border-brand bg-emerald-50 px-4 py-2">
          {t(`backOffice.coupons.done.${loaderData.done}`)}
        </p>
      )}
      <CouponList coupons={loaderData.coupons} page={loaderData.page} pages={loaderData.pages} />
    </section>
  );
}
