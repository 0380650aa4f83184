import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";

export type Crumb = { to: string; label: string };

/** Home, then the given trail, each a link, with separators that readers skip. */
export function Breadcrumbs({ trail, className = "mb-4" }: { trail: Crumb[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("site.breadcrumb")} className={`${className} text-sm text-stone-600`}>
      <ol className="flex flex-wrap gap-1">
        <li>
          <Link to="/">{t("site.home")}</Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.to} className="flex gap-1">
            <span aria-hidden="true">/</span>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
