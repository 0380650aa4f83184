import type { ReactNode } from "react";
import {
  CheckboxInput,
  FormSection,
  InputField,
  SelectInput,
} from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { EditableSettings } from "./settings-patch.ts";

/** The props of a section that lists countries (the store's address, the shipping zones). */
export type CountriesSectionProps = {
  settings: EditableSettings;
  countries: string[];
  regions: Intl.DisplayNames;
};

/**
 * The settings page's plain fields as data (issue 38): a section lists its fields, and one renderer
 * draws each with the back office's controls, its value read from the settings by its name. A field
 * that needs more than a label, hint and limits (the shipping methods, the legal pages' selects, the
 * GA4 id) stays a component of its section.
 */

/** Every setting that holds one value, by the name its control sends (`store_notice.text.en`). */
export type SettingPath = Leaves<EditableSettings>;

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends readonly unknown[]
    ? K
    : T[K] extends object
      ? `${K}.${Leaves<T[K]>}`
      : K;
}[keyof T & string];

/**
 * A label's key under `backOffice.settings` (or a whole key, with its dots: `checkout.fields.city`),
 * and values that are themselves keys (`["noticeText", {language: "site.english"}]`).
 */
type Label = string | [string, Record<string, string>];

type Common = { label: Label; hint?: string; describedBy?: string };

export type SettingField =
  | ({ check: SettingPath } & Common)
  | ({ number: SettingPath; min: number; max: number; step?: "any" } & Common)
  | ({
      text: SettingPath;
      maxLength: number;
      type?: "url" | "password";
      required?: boolean;
      placeholder?: string;
    } & Common)
  | ({ select: SettingPath; options: [value: string, label: string][] } & Common)
  /** Fields side by side, two or three to a row on a wide screen. */
  | { row: SettingField[]; columns: 2 | 3 };

/** The value the settings hold under `path`. */
function valueAt(settings: EditableSettings, path: SettingPath): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], settings);
}

/** A section of the settings page: its title from `backOffice.settings.sections.{section}`. */
export function SettingsSection({
  section,
  settings,
  fields = [],
  children,
}: {
  section: string;
  settings: EditableSettings;
  fields?: SettingField[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t(`backOffice.settings.sections.${section}`)}>
      <SettingsFields settings={settings} fields={fields} />
      {children}
    </FormSection>
  );
}

/** The fields, in order, each drawn by the control its kind names. */
export function SettingsFields({ settings, fields }: { settings: EditableSettings; fields: SettingField[] }) {
  const { t } = useTranslation();
  const said = (key: string) => t(key.includes(".") ? key : `backOffice.settings.${key}`);
  const label = (given: Label) =>
    typeof given === "string"
      ? said(given)
      : t(
          `backOffice.settings.${given[0]}`,
          Object.fromEntries(Object.entries(given[1]).map(([k, v]) => [k, t(v)])),
        );
  const draw = (field: SettingField, key: number): ReactNode => {
    if ("row" in field)
      return (
        <div key={key} className={`grid gap-3 ${field.columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
          {field.row.map(draw)}
        </div>
      );
    const { label: given, hint, describedBy, ...control } = field;
    const shown = { hint: hint && said(hint), describedBy };
    if ("check" in control) {
      const value = valueAt(settings, control.check);
      return (
        <CheckboxInput key={key} name={control.check} checked={value === true || value === "yes"} {...shown}>
          {label(given)}
        </CheckboxInput>
      );
    }
    if ("select" in control)
      return (
        <SelectInput
          key={key}
          name={control.select}
          value={String(valueAt(settings, control.select))}
          label={label(given)}
          {...shown}
        >
          {control.options.map(([value, text]) => (
            <option key={value} value={value}>
              {said(text)}
            </option>
          ))}
        </SelectInput>
      );
    // A number is a text field that takes whole numbers (unless `step` says otherwise) between its limits.
    const { number, text, ...input } = { number: undefined, text: undefined, ...control };
    const name = number ?? text;
    const kind = number
      ? { type: "number", step: 1, required: true }
      : "type" in input && input.type === "password"
        ? { autoComplete: "off" }
        : {};
    return (
      <InputField
        key={key}
        name={name}
        value={String(valueAt(settings, name))}
        label={label(given)}
        {...kind}
        {...input}
        {...shown}
      />
    );
  };
  return <>{fields.map(draw)}</>;
}
