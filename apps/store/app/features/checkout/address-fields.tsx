import { SelectField, TextField } from "../../components/ui/fields.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useKeptBeforeHydration } from "../../components/ui/use-kept-before-hydration.ts";
import { regionNames } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { addressFields } from "../../lib/checkout-form.ts";
import { type CheckoutErrors, translatedError } from "./checkout-view.ts";
import { FLOATING_FIELD } from "./floating-labels.ts";

const autoCompleteTokens: Record<string, string> = {
  first_name: "given-name",
  last_name: "family-name",
  company: "organization",
  address_1: "address-line1",
  address_2: "address-line2",
  city: "address-level2",
  state: "address-level1",
  postcode: "postal-code",
  country: "country",
};
const OPTIONAL_FIELDS: readonly string[] = ["company", "address_2", "state"];

/** One text field of the checkout: its name is its id, its label floats, optional ones say so. */
export function CheckoutTextField({
  name,
  label,
  values,
  errors,
  type = "text",
  autoComplete,
  required = false,
}: {
  name: string;
  label: string;
  values: Record<string, string>;
  errors: CheckoutErrors;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={name}
      name={name}
      type={type}
      autoComplete={autoComplete}
      defaultValue={values[name]}
      aria-required={required}
      controlGroupClassName={FLOATING_FIELD}
      label={
        <>
          {label} {!required && <span className="text-stone-600">{t("checkout.optional")}</span>}
        </>
      }
      error={translatedError(t, errors[name])}
    />
  );
}

/** A billing or shipping address; the state field follows the country (another list, or none). */
export function AddressFields({
  prefix,
  country,
  onCountryChange,
  countries,
  values,
  errors,
}: {
  prefix: "billing" | "shipping";
  country: string;
  onCountryChange: (country: string) => void;
  countries: Record<string, readonly string[]>;
  values: Record<string, string>;
  errors: CheckoutErrors;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const countryField = useKeptBeforeHydration<HTMLSelectElement>(country, onCountryChange);
  // An own key only: a posted country of `__proto__` must not find Object.prototype.
  const states = (Object.hasOwn(countries, country) ? countries[country] : undefined) ?? [];
  const autoComplete = (field: string) => `${prefix} ${autoCompleteTokens[field] ?? "on"}`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {addressFields.map((field) => {
        const name = `${prefix}_${field}`;
        const select = {
          id: name,
          name,
          autoComplete: autoComplete(field),
          label: t(`checkout.fields.${field}`),
          controlGroupClassName: FLOATING_FIELD,
          error: translatedError(t, errors[name]),
        };
        if (field === "country") {
          return (
            <SelectField
              key={field}
              {...select}
              ref={countryField}
              value={country}
              onChange={(event) => onCountryChange(event.currentTarget.value)}
            >
              {Object.keys(countries).map((code) => (
                <option key={code} value={code}>
                  {regionNames(i18n.language).of(code)}
                </option>
              ))}
            </SelectField>
          );
        }
        if (field === "state") {
          if (states.length === 0) return <input key={field} type="hidden" name={name} value="" />;
          return (
            // A new country, a new field: its list and its default value start over.
            <SelectField key={`${field}:${country}`} {...select} defaultValue={values[name] ?? ""}>
              {/* With floating labels the label itself stands where the empty choice's text would. */}
              <option value="">{hydrated ? "" : t("checkout.selectState")}</option>
              {states.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </SelectField>
          );
        }
        return (
          <CheckoutTextField
            key={field}
            name={name}
            label={t(`checkout.fields.${field}`)}
            values={values}
            errors={errors}
            autoComplete={autoComplete(field)}
            required={!OPTIONAL_FIELDS.includes(field)}
          />
        );
      })}
    </div>
  );
}
