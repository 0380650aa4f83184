import { useEffect } from "react";
import { useMatches } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { BACK_OFFICE_PATH, HOME_PAGE_SLUG, productEditLink, type StaffView } from "../../lib/edit-links.ts";

/** What the page shows that staff can edit: the product of a product page, the home page's blocks. */
function editTarget(matches: ReturnType<typeof useMatches>): { label: string; href: string } | null {
  for (const match of matches) {
    if (match.id === "routes/product/route") {
      const product = (match.data as { product?: { id?: unknown } } | undefined)?.product;
      if (typeof product?.id === "number")
        return { label: "adminBar.editProduct", href: productEditLink(product.id) };
    }
    if (match.id === "routes/home/route")
      return { label: "adminBar.editPage", href: `/my-account/pages/${HOME_PAGE_SLUG}` };
  }
  return null;
}

/**
 * The bar at the top of storefront pages for signed-in editors and administrators (spec §6): the
 * back office, the editor of what the page shows, and whether the store is live or coming soon;
 * under it, while Stripe runs on a test key, the test-mode notice. Only pages rendered for staff
 * have them, so the shared pages every shopper gets never change.
 */
export default function AdminBar({ staff }: { staff: StaffView }) {
  useReducedMotionNotice(staff.canEditPages);
  return (
    <>
      <AdminBarNav staff={staff} />
      {staff.paymentsTestMode && <PaymentsTestModeNotice />}
    </>
  );
}

function AdminBarNav({ staff }: { staff: StaffView }) {
  const { t } = useTranslation();
  const edit = editTarget(useMatches());
  const link =
    "rounded px-2 py-1 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white";
  return (
    <nav
      id="admin-bar"
      aria-label={t("adminBar.label")}
      className="admin-bar flex flex-wrap items-center gap-x-2 gap-y-1 bg-stone-900 px-4 py-1 text-sm text-white"
    >
      <a href={BACK_OFFICE_PATH} className={`${link} font-semibold`}>
        {t("adminBar.backOffice")}
      </a>
      {edit && (
        <a href={edit.href} className={link}>
          {t(edit.label)}
        </a>
      )}
      <span
        className="ml-auto rounded bg-stone-700 px-2 py-0.5"
        data-store-mode={staff.comingSoon ? "coming-soon" : "live"}
      >
        {staff.comingSoon ? t("adminBar.modeComingSoon") : t("adminBar.modeLive")}
      </span>
    </nav>
  );
}

/** Spec §6: once per browser session, people who edit pages learn why animations are off for them. */
function useReducedMotionNotice(canEditPages: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!canEditPages || !window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    try {
      if (sessionStorage.getItem(REDUCED_MOTION_NOTICE_KEY)) return;
      sessionStorage.setItem(REDUCED_MOTION_NOTICE_KEY, "1");
    } catch {
      // Storage refused: the notice shows on each page instead of once.
    }
    console.info(t("staff.reducedMotion"));
  }, [canEditPages, t]);
}
const REDUCED_MOTION_NOTICE_KEY = "vitrine_reduced_motion_notice";

/**
 * Staff's reminder that Stripe runs on a test key and takes no real money (issue 42), at the top of
 * every storefront page (under the admin bar) and of the back office. A status text, not a landmark:
 * it says how the store is, and asks for nothing. Only pages rendered for staff carry it. It lives
 * in the admin bar's module, which only staff load, so that no shopper's page names another file.
 */
export function PaymentsTestModeNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="payments-test-mode bg-amber-200 px-4 py-1 text-center text-sm font-medium text-stone-900"
    >
      {t("adminBar.paymentsTestMode")}
    </p>
  );
}
