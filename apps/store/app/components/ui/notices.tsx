import { useTranslation } from "../../i18n/use-translation.ts";
import type { Notice } from "../../lib/notices.ts";

const tone: Record<Notice["type"], string> = {
  success: "border-brand bg-emerald-50",
  error: "border-sale bg-red-50",
  info: "border-sky-700 bg-sky-50",
};

/** Notices carried across a form post's redirect; announced to screen readers as they appear. */
export function Notices({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <div className="mb-6 space-y-2" role="status" aria-live="polite">
      {notices.map((notice) => (
        <div
          key={`${notice.type}:${notice.message}:${JSON.stringify(notice.params ?? {})}`}
          role={notice.type === "error" ? "alert" : undefined}
          className={`border-l-4 px-4 py-3 ${tone[notice.type]}`}
        >
          {t(notice.message, notice.params)}
          {notice.type === "success" && notice.params?.cartLink === "yes" && (
            <a href="/cart" className="ml-3 font-semibold text-brand underline">
              {t("cart.viewCart")}
            </a>
          )}
        </div>
      ))}
    </div>
  );
}
