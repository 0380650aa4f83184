import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function meta() {
  return [{ title: "Back office" }, { name: "robots", content: "noindex" }];
}

/** The back office's first page: where each part of the store is run from. */
export default function BackOfficeHome() {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("backOffice.dashboard")}</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Link to="/admin/media" className="block rounded border border-stone-200 p-4 hover:border-brand">
            <span className="block text-lg font-semibold">{t("backOffice.media.title")}</span>
            <span className="text-stone-600">{t("backOffice.media.summary")}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
