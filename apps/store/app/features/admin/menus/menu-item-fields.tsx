import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import {
  MENU_LABEL_MAX,
  MENU_TARGET_KINDS,
  MENU_URL_MAX,
  type MenuTargetKind,
} from "../../../lib/menu-editor.ts";
import { type FieldErrors, type Fields, firstChoice, type MenuEditorChoices } from "./menu-drafts.ts";

/** An item's labels and target: the kind, then a page, category or product to pick, or an address. */
export function ItemFields({
  idPrefix,
  value,
  errors,
  choices,
  onChange,
}: {
  idPrefix: string;
  value: Fields;
  errors: FieldErrors;
  choices: MenuEditorChoices;
  onChange: (fields: Fields) => void;
}) {
  const { t } = useTranslation();
  const error = (field: keyof FieldErrors) =>
    errors[field] ? (
      <p id={`${idPrefix}-${field}-error`} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: keyof FieldErrors) =>
    errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${idPrefix}-${field}-error` } : {};
  const options =
    value.kind === "page"
      ? choices.pages.map((page) => ({
          id: page.id,
          name: page.draft ? t("backOffice.menus.draftPage", { name: page.name }) : page.name,
        }))
      : value.kind === "category"
        ? choices.categories.map((category) => ({
            id: category.id,
            name: `${"\u2014 ".repeat(category.depth)}${category.name}`,
          }))
        : choices.products;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <div>
        <label className="block text-sm font-medium">
          {t("backOffice.menus.labelEn")}
          <input
            id={`${idPrefix}-label`}
            value={value.label.en}
            onChange={(event) => onChange({ ...value, label: { ...value.label, en: event.target.value } })}
            required
            maxLength={MENU_LABEL_MAX}
            className={ADMIN_FIELD}
            {...invalid("label")}
          />
        </label>
        {error("label")}
      </div>
      <div>
        <label className="block text-sm font-medium">
          {t("backOffice.menus.labelEs")}
          <input
            value={value.label.es}
            onChange={(event) => onChange({ ...value, label: { ...value.label, es: event.target.value } })}
            maxLength={MENU_LABEL_MAX}
            aria-describedby={`${idPrefix}-es-hint`}
            className={ADMIN_FIELD}
          />
        </label>
        <p id={`${idPrefix}-es-hint`} className="text-xs text-stone-600">
          {t("backOffice.menus.labelEsHint")}
        </p>
      </div>
      <label className="block text-sm font-medium">
        {t("backOffice.menus.kind")}
        <select
          value={value.kind}
          onChange={(event) => {
            const kind = event.target.value as MenuTargetKind;
            onChange({ ...value, kind, id: firstChoice(kind, choices) });
          }}
          className={ADMIN_FIELD}
        >
          {MENU_TARGET_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`backOffice.menus.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <div>
        {value.kind === "url" ? (
          <>
            <label className="block text-sm font-medium">
              {t("backOffice.menus.address")}
              <input
                id={`${idPrefix}-target`}
                value={value.url}
                onChange={(event) => onChange({ ...value, url: event.target.value })}
                required
                maxLength={MENU_URL_MAX}
                inputMode="url"
                spellCheck={false}
                className={ADMIN_FIELD}
                {...invalid("target")}
                aria-describedby={
                  errors.target ? `${idPrefix}-target-error ${idPrefix}-url-hint` : `${idPrefix}-url-hint`
                }
              />
            </label>
            <p id={`${idPrefix}-url-hint`} className="text-xs text-stone-600">
              {t("backOffice.menus.addressHint")}
            </p>
          </>
        ) : (
          <label className="block text-sm font-medium">
            {t(`backOffice.menus.kinds.${value.kind}`)}
            <select
              id={`${idPrefix}-target`}
              value={value.id}
              onChange={(event) => onChange({ ...value, id: event.target.value })}
              required
              className={ADMIN_FIELD}
              {...invalid("target")}
            >
              {!options.some((option) => String(option.id) === value.id) && (
                <option value={value.id}>{t("backOffice.menus.missing")}</option>
              )}
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {error("target")}
      </div>
    </div>
  );
}
