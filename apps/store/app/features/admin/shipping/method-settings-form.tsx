import {
  CheckboxInput,
  FormSection,
  InputField,
  SelectInput,
} from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { FREE_SHIPPING_REQUIRES } from "../../../lib/shipping/shipping-methods.ts";
import type { MethodRecord } from "../../../lib/shipping-resource.ts";
import { useRestChange } from "../use-rest-change.tsx";
import { ShippingSaveFoot } from "./shipping-save-foot.tsx";
import type { ZonePageData } from "./zone-page-data.ts";

/** A method's settings form read back as WooCommerce's `{option: "value"}` the REST API takes. */
export function methodSettingsOf(form: FormData, method: MethodRecord): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const key of Object.keys(method.settings)) {
    if (key === "ignore_discounts") settings[key] = form.get(key) === "on" ? "yes" : "no";
    else settings[key] = String(form.get(key) ?? "").trim();
  }
  return settings;
}

/**
 * One method's settings, as WooCommerce's method dialog asks them: its title; a flat rate's tax
 * status, cost (a number, `[qty]`, `[cost]`, `[fee percent="10" min_fee="" max_fee=""]`), a cost per
 * shipping class and for items without one, and how class costs add up; free shipping's requirement,
 * minimum and whether coupons' discounts count; local pickup's tax status and cost.
 */
export function MethodSettingsForm({ method, data }: { method: MethodRecord; data: ZonePageData }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const value = (key: string) => method.settings[key]?.value ?? "";
  const money = { currency: data.currency };
  return (
    <form
      className="space-y-4"
      aria-label={t("backOffice.shipping.settingsOf", { title: method.title })}
      onSubmit={(event) => {
        event.preventDefault();
        const settings = methodSettingsOf(new FormData(event.currentTarget), method);
        void change.send(
          {
            path: `/shipping/zones/${data.zone.id}/methods/${method.instance_id}`,
            method: "PUT",
            data: { settings },
          },
          t("backOffice.shipping.saved"),
        );
      }}
    >
      <FormSection title={t("backOffice.shipping.settingsOf", { title: method.title })}>
        <InputField
          name="title"
          label={t("backOffice.shipping.methodTitle")}
          value={value("title")}
          maxLength={100}
          hint={t("backOffice.shipping.titleHint")}
        />
        {"tax_status" in method.settings && (
          <SelectInput
            name="tax_status"
            label={t("backOffice.shipping.taxStatus")}
            value={value("tax_status")}
          >
            <option value="taxable">{t("backOffice.shipping.taxable")}</option>
            <option value="none">{t("backOffice.shipping.notTaxable")}</option>
          </SelectInput>
        )}
        {"cost" in method.settings && (
          <InputField
            name="cost"
            label={t("backOffice.shipping.cost", money)}
            value={value("cost")}
            maxLength={200}
            hint={method.method_id === "flat_rate" ? t("backOffice.shipping.costHint") : undefined}
          />
        )}
        {method.method_id === "flat_rate" && (
          <>
            {data.classes.map((shippingClass) => (
              <InputField
                key={shippingClass.id}
                name={`class_cost_${shippingClass.id}`}
                label={t("backOffice.shipping.classCost", { name: shippingClass.name, ...money })}
                value={value(`class_cost_${shippingClass.id}`)}
                maxLength={200}
              />
            ))}
            <InputField
              name="no_class_cost"
              label={t("backOffice.shipping.noClassCost", money)}
              value={value("no_class_cost")}
              maxLength={200}
            />
            <SelectInput name="type" label={t("backOffice.shipping.calculation")} value={value("type")}>
              <option value="class">{t("backOffice.shipping.perClass")}</option>
              <option value="order">{t("backOffice.shipping.perOrder")}</option>
            </SelectInput>
          </>
        )}
        {method.method_id === "free_shipping" && (
          <>
            <SelectInput name="requires" label={t("backOffice.shipping.requires")} value={value("requires")}>
              {FREE_SHIPPING_REQUIRES.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`backOffice.shipping.requiresRules.${rule || "none"}`)}
                </option>
              ))}
            </SelectInput>
            <InputField
              name="min_amount"
              label={t("backOffice.shipping.minAmount", money)}
              value={value("min_amount")}
              inputMode="decimal"
              maxLength={20}
            />
            <CheckboxInput name="ignore_discounts" checked={value("ignore_discounts") === "yes"}>
              {t("backOffice.shipping.ignoreDiscounts")}
            </CheckboxInput>
          </>
        )}
      </FormSection>
      <ShippingSaveFoot change={change} name="shipping-method" label={t("backOffice.shipping.saveMethod")} />
    </form>
  );
}
