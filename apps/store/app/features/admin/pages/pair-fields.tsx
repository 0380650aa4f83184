import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { LOCALES, type Pair } from "./page-drafts.ts";

/** A `{en, es}` text as two fields. */
export function PairFields({
  label,
  value,
  onChange,
  long = false,
}: {
  label: string;
  value: Pair;
  onChange: (value: Pair) => void;
  long?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {LOCALES.map((lang) => {
        const props = {
          value: value[lang],
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...value, [lang]: event.target.value }),
          className: ADMIN_FIELD,
        };
        const text = t(`backOffice.pages.inLanguage.${lang}`, { field: label });
        return long ? (
          <label key={lang} className="block text-sm font-medium">
            {text}
            <textarea {...props} rows={5} maxLength={20_000} />
          </label>
        ) : (
          <label key={lang} className="block text-sm font-medium">
            {text}
            <input {...props} maxLength={200} />
          </label>
        );
      })}
    </div>
  );
}
