import { useId } from "react";
import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { LOCALES, type PageRecord, type Pair } from "./page-drafts.ts";

export type PageSettings = { title: Pair; slug: string; status: PageRecord["status"] };

/** The page's title in both languages, its address and its status; the home page keeps the last two. */
export function PageSettingsFields({
  value,
  onChange,
  home,
}: {
  value: PageSettings;
  onChange: (value: PageSettings) => void;
  home: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { title, slug, status } = value;
  return (
    <fieldset className="grid gap-4 rounded border border-stone-200 p-4 md:grid-cols-2">
      <legend className="px-1 font-semibold">{t("backOffice.pages.settings")}</legend>
      {LOCALES.map((lang) => (
        <label key={lang} className="block text-sm font-medium">
          {t(`backOffice.pages.pageTitle.${lang}`)}
          <input
            value={title[lang]}
            onChange={(event) => onChange({ ...value, title: { ...title, [lang]: event.target.value } })}
            required={lang === "en"}
            maxLength={200}
            className={ADMIN_FIELD}
          />
        </label>
      ))}
      <div>
        <label className="block text-sm font-medium">
          {t("backOffice.pages.slug")}
          <input
            value={slug}
            onChange={(event) => onChange({ ...value, slug: event.target.value })}
            readOnly={home}
            maxLength={200}
            aria-describedby={`${id}-slug-hint`}
            className={ADMIN_FIELD}
          />
        </label>
        <p id={`${id}-slug-hint`} className="text-xs text-stone-600">
          {home ? t("backOffice.pages.homeFixed") : t("backOffice.pages.slugHint")}
        </p>
      </div>
      <label className="block text-sm font-medium">
        {t("backOffice.pages.status")}
        <select
          value={status}
          onChange={(event) => onChange({ ...value, status: event.target.value as PageRecord["status"] })}
          disabled={home}
          className={ADMIN_FIELD}
        >
          <option value="publish">{t("backOffice.products.statuses.publish")}</option>
          <option value="draft">{t("backOffice.products.statuses.draft")}</option>
        </select>
      </label>
    </fieldset>
  );
}
