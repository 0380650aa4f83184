import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "../../components/ui/error-summary.tsx";
import { CheckboxField, TextareaField } from "../../components/ui/fields.tsx";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { matchZone } from "../../lib/shipping/zone-matching.ts";
import { AttributionForm, AttributionInputs } from "../attribution/attribution-inputs.tsx";
import { AddressFields, CheckoutTextField } from "./address-fields.tsx";
import { checkoutTotals, formAddress, TAX_PLACE_FIELDS } from "./checkout-totals.ts";
import { type CheckoutPageData, type CheckoutResult, fieldLabel, translatedError } from "./checkout-view.ts";
import { useFloatingLabels } from "./floating-labels.ts";
import { OrderReview } from "./order-review.tsx";
import { useEnhancedCheckout } from "./use-enhanced-checkout.ts";

const contactFields = [
  { field: "email", type: "email" },
  { field: "phone", type: "tel" },
] as const;

/** The address fields a zone or a tax rate may ask of besides the country. */
const PLACE_FIELDS: readonly string[] = ["billing", "shipping"].flatMap((prefix) =>
  TAX_PLACE_FIELDS.map((field) => `${prefix}_${field}`),
);

function placesOf(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(PLACE_FIELDS.map((name) => [name, values[name] ?? ""]));
}

/**
 * The checkout: the error summary, then the classic form (addresses, notes, the order review) that
 * posts to the page, with the block checkout's script on top when JavaScript runs.
 */
export function CheckoutForm({ data, result }: { data: CheckoutPageData; result?: CheckoutResult }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const values = result?.values ?? data.saved;
  const [shipToDifferent, setShipToDifferent] = useState(values.ship_to_different_address === "1");
  const [billingCountry, setBillingCountry] = useState(values.billing_country ?? "US");
  const [shippingCountry, setShippingCountry] = useState(values.shipping_country ?? "US");
  // The rates of the first zone that holds the address (the server checks again).
  const [places, setPlaces] = useState(() => placesOf(values));
  const prefix = shipToDifferent ? "shipping" : "billing";
  const shippingMethods =
    matchZone([...data.shippingZones], {
      country: shipToDifferent ? shippingCountry : billingCountry,
      state: places[`${prefix}_state`] ?? "",
      postcode: places[`${prefix}_postcode`] ?? "",
    })?.rates ?? [];
  const [shippingId, setShippingId] = useState(values.shipping_method ?? shippingMethods[0]?.id ?? "");
  const chosenRate = shippingMethods.find((method) => method.id === shippingId) ?? shippingMethods[0] ?? null;
  const totals = checkoutTotals(
    data.pricing,
    {
      billing: formAddress("billing", billingCountry, places),
      shipping: shipToDifferent ? formAddress("shipping", shippingCountry, places) : null,
    },
    chosenRate,
  );
  const [paymentId, setPaymentId] = useState(values.payment_method ?? data.paymentMethods[0]?.id ?? "");
  const enhanced = useEnhancedCheckout({
    userId: data.userId,
    attempt: data.attempt,
    initial: { errors: result?.errors ?? {}, notice: result?.notice ?? null },
    methods: {
      payment: data.paymentMethods.map((method) => method.id),
      shipping: data.shippingZones.flatMap((zone) => zone.rates.map((rate) => rate.id)),
    },
    choose: { payment: setPaymentId, shipping: setShippingId },
    terms: data.terms !== null,
  });
  const { errors, notice } = enhanced;
  const formRef = useRef<HTMLFormElement>(null);
  // A new country changes the state field (another list, or none): the labels are rebuilt.
  useFloatingLabels(formRef, [billingCountry, shippingCountry]);
  const address = { countries: data.countries, values, errors };

  return (
    <>
      <ErrorSummary
        ref={enhanced.noticesRef}
        className="woocommerce-NoticeGroup"
        title={t("checkout.errorSummary")}
        notice={notice && ("key" in notice ? t(notice.key, notice.params) : notice.text)}
        errors={Object.entries(errors).map(([field, message]) => ({
          id: field,
          label: fieldLabel(t, field),
          message: translatedError(t, message) ?? "",
        }))}
      />
      <Form
        ref={formRef}
        method="post"
        className="checkout woocommerce-checkout grid gap-8 lg:grid-cols-[1fr_22rem]"
        noValidate
        onSubmit={enhanced.onSubmit}
        onChange={(event) => {
          const field: EventTarget = event.target;
          if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
          if (PLACE_FIELDS.includes(field.name))
            setPlaces((current) => ({ ...current, [field.name]: field.value }));
        }}
      >
        <AttributionForm>
          <AttributionInputs />
          <input type="hidden" name="_wpnonce" value={data.nonce} />
          <input type="hidden" name="checkout_attempt" value={data.attempt} />
          <div className="space-y-8">
            <fieldset>
              <legend className="mb-3 text-xl font-semibold">{t("checkout.billingDetails")}</legend>
              <AddressFields
                prefix="billing"
                country={billingCountry}
                onCountryChange={setBillingCountry}
                {...address}
              />
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                {contactFields.map(({ field, type }) => (
                  <CheckoutTextField
                    key={field}
                    name={`billing_${field}`}
                    label={t(`checkout.fields.${field}`)}
                    type={type}
                    autoComplete={type}
                    values={values}
                    errors={errors}
                    required
                  />
                ))}
              </div>
            </fieldset>
            {/* A cart of virtual products only asks for no shipping address (decision 0076). */}
            {data.cart.needsShipping && (
              <fieldset>
                <legend className="sr-only">{t("checkout.shippingDetails")}</legend>
                <CheckboxField
                  name="ship_to_different_address"
                  value="1"
                  defaultChecked={shipToDifferent}
                  onChange={(event) => setShipToDifferent(event.currentTarget.checked)}
                  label={t("checkout.shipToDifferent")}
                  labelClassName="flex items-center gap-2 font-medium"
                />
                {/* Without JavaScript the fields stay visible; the server reads them only when the box is ticked. */}
                <div className="mt-3" hidden={hydrated && !shipToDifferent}>
                  <AddressFields
                    prefix="shipping"
                    country={shippingCountry}
                    onCountryChange={setShippingCountry}
                    {...address}
                  />
                </div>
              </fieldset>
            )}
            <TextareaField
              id="order_comments"
              name="order_comments"
              label={t("checkout.orderNotes")}
              labelClassName="block font-medium"
              className=""
              rows={3}
              maxLength={2000}
              defaultValue={values.order_comments}
              placeholder={t("checkout.orderNotesPlaceholder")}
            />
          </div>
          <OrderReview
            data={data}
            shippingRates={shippingMethods}
            totals={totals}
            values={values}
            errors={errors}
            shippingId={chosenRate?.id ?? ""}
            paymentId={paymentId}
            choose={enhanced.choose}
            submitting={navigation.state === "submitting" || enhanced.submitting}
          />
        </AttributionForm>
      </Form>
    </>
  );
}
