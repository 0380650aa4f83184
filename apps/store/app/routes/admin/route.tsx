import { users } from "@vitrine/db";
import { eq } from "drizzle-orm";
import { NavLink, Outlet } from "react-router";
import { BackOfficeMain, BackOfficeNav, BackOfficeShell } from "../../features/admin/back-office-shell.tsx";
import { addSectionStrings, BACK_OFFICE_SECTION } from "../../i18n/i18n.ts";
import { sectionStrings } from "../../i18n/section-strings.server.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { reviewsWaiting } from "../../services/catalogue/reviews-admin.server.ts";
import { LOGOUT_NONCE } from "../../services/people/accounts.server.ts";
import { requireStaff } from "../../services/people/staff-access.server.ts";
import { createNonce } from "../../services/shared/nonce.server.ts";
import type { Route } from "./+types/route";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { role, userId, nonceSecret } = await requireStaff(context, request);
  const [person] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  // The storefront's documents leave the back office's strings out; they come with its data.
  return {
    role,
    person: person?.email ?? "",
    logoutNonce: createNonce(nonceSecret, LOGOUT_NONCE),
    reviewsWaiting: await reviewsWaiting(context.db),
    strings: sectionStrings(context.locale, BACK_OFFICE_SECTION),
  };
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** The root leaves the storefront's frame out of the back office's pages (decision 0064). */
export const handle = { backOffice: true };

/**
 * The back office's frame: its own bar and navigation (decision 0064); each section is a route of
 * its own, and its code too.
 */
export default function BackOffice({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  addSectionStrings(i18n, BACK_OFFICE_SECTION, loaderData.strings);
  const administrator = loaderData.role === "administrator";
  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded px-3 py-2 ${isActive ? "bg-brand text-white" : "hover:bg-stone-100"}`;
  return (
    <BackOfficeShell person={loaderData.person} logoutNonce={loaderData.logoutNonce}>
      <BackOfficeNav label={t("backOffice.navigation")}>
        <ul className="space-y-1">
          <li>
            <NavLink to="/admin" end className={link}>
              {t("backOffice.dashboard")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/media" className={link}>
              {t("backOffice.media.title")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/pages" className={link}>
              {t("backOffice.pages.title")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/reviews" className={link}>
              {t("backOffice.reviews.title")}
              {/* A space, so that the link's name reads "Reviews 2 waiting". */}{" "}
              {loaderData.reviewsWaiting > 0 && (
                <span className="ml-2 rounded-full bg-amber-100 px-2 text-sm text-amber-900">
                  {t("backOffice.reviews.navWaiting", { count: loaderData.reviewsWaiting })}
                </span>
              )}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/attributes" className={link}>
              {t("backOffice.attributes.title")}
            </NavLink>
          </li>
          {administrator && (
            <>
              <li>
                <NavLink to="/admin/products" className={link}>
                  {t("backOffice.products.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/categories" className={link}>
                  {t("backOffice.categories.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/tags" className={link}>
                  {t("backOffice.tags.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/orders" className={link}>
                  {t("backOffice.orders.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/coupons" className={link}>
                  {t("backOffice.coupons.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/affiliate-links" className={link}>
                  {t("backOffice.affiliate.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/menus" className={link}>
                  {t("backOffice.menus.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/reports" className={link}>
                  {t("backOffice.reports.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/analytics" className={link}>
                  {t("backOffice.analytics.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/people" className={link}>
                  {t("backOffice.people.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/settings" className={link}>
                  {t("backOffice.settings.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/taxes" className={link}>
                  {t("backOffice.taxes.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/shipping" className={link}>
                  {t("backOffice.shipping.title")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/mails" className={link}>
                  {t("backOffice.mails.title")}
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </BackOfficeNav>
      <BackOfficeMain>
        <noscript>
          <p className="mb-4 border-l-4 border-amber-500 bg-amber-50 px-4 py-3">
            {t("backOffice.needsJavaScript")}
          </p>
        </noscript>
        <Outlet />
      </BackOfficeMain>
    </BackOfficeShell>
  );
}
