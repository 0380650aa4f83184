import { Link } from "react-router";
import { useTranslation } from "../../../i18n/use-translation.ts";

/** The Shipping area's two lists, as WooCommerce's shipping sections: zones and classes. */
export function ShippingTabs({ open }: { open: "zones" | "classes" }) {
  const { t } = useTranslation();
  const tabs = [
    { id: "zones", to: "/admin/shipping", label: t("backOffice.shipping.zones") },
    { id: "classes", to: "/admin/shipping/classes", label: t("backOffice.shipping.classes.title") },
  ] as const;
  return (
    <nav aria-label={t("backOffice.shipping.title")} className="mb-6">
      <ul className="flex flex-wrap gap-2 border-b border-stone-200">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              aria-current={tab.id === open ? "page" : undefined}
              className={`block rounded-t px-3 py-2 ${tab.id === open ? "bg-brand text-white" : "hover:bg-stone-100"}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
