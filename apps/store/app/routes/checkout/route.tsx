import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { AttributionForm, AttributionInputs } from "../../features/attribution/index.ts";
import { useMoney } from "../../features/catalogue/use-money.ts";
import { addressFields } from "../../features/checkout/checkout-form-schema.ts";
import { FLOATING_FIELD, useFloatingLabels } from "../../features/checkout/floating-labels.ts";
import { useEnhancedCheckout } from "../../features/checkout/use-enhanced-checkout.ts";
import type { Route } from "./+types/route";
import { loadCheckout, submitCheckout } from "./checkout.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return loadCheckout(context);
}

export async function action({ context, request }: Route.ActionArgs) {
  return submitCheckout(context, request);
}

export function meta() {
  return [{ title: "Checkout" }, { name: "robots", content: "noindex" }];
}

type Errors = Record<string, string>;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigation = useNavigation();
  const values: Record<string, string> = actionData?.values ?? loaderData.saved;
  const [shipToDifferent, setShipToDifferent] = useState(values.ship_to_different_address === "1");
  const [shippingId, setShippingId] = useState(values.shipping_method ?? loaderData.shippingMethods[0]!.id);
  const [paymentId, setPaymentId] = useState(values.payment_method ?? loaderData.paymentMethods[0]!.id);
  const shippingCost = loaderData.shippingMethods.find((method) => method.id === shippingId)?.cost ?? 0;
  const hydrated = useHydrated();
  const enhanced = useEnhancedCheckout({
    userId: loaderData.userId,
    attempt: loaderData.attempt,
    initial: { errors: actionData?.errors ?? {}, notice: actionData?.notice ?? null },
    methods: {
      payment: loaderData.paymentMethods.map((method) => method.id),
      shipping: loaderData.shippingMethods.map((method) => method.id),
    },
    choose: { payment: setPaymentId, shipping: setShippingId },
  });
  const errors: Errors = enhanced.errors;
  const notice = enhanced.notice;
  const [billingCountry, setBillingCountry] = useState(values.billing_country ?? "US");
  const [shippingCountry, setShippingCountry] = useState(values.shipping_country ?? "US");
  const formRef = useRef<HTMLFormElement>(null);
  // A new country changes the state field (another list, or none): the labels are rebuilt.
  useFloatingLabels(formRef, [billingCountry, shippingCountry]);
  const errorList = Object.entries(errors);

  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">{t("checkout.title")}</h1>
      {(notice || errorList.length > 0) && (
        <div
          ref={enhanced.noticesRef}
          role="alert"
          className="woocommerce-NoticeGroup mb-6 border-l-4 border-sale bg-red-50 px-4 py-3"
          tabIndex={-1}
        >
          {notice && <p>{"key" in notice ? t(notice.key, notice.params) : notice.text}</p>}
          {errorList.length > 0 && (
            <>
              <p className="font-semibold">{t("checkout.errorSummary")}</p>
              <ul className="list-disc pl-5">
                {errorList.map(([field, message]) => (
                  <li key={field}>
                    <a href={`#${field}`} className="underline">
                      {fieldLabel(t, field)}: {translated(t, message)}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <Form
        ref={formRef}
        method="post"
        className="checkout woocommerce-checkout grid gap-8 lg:grid-cols-[1fr_22rem]"
        noValidate
        onSubmit={enhanced.onSubmit}
      >
        <AttributionForm>
          <AttributionInputs />
          <input type="hidden" name="_wpnonce" value={loaderData.nonce} />
          <input type="hidden" name="checkout_attempt" value={loaderData.attempt} />
          <div className="space-y-8">
            <fieldset>
              <legend className="mb-3 text-xl font-semibold">{t("checkout.billingDetails")}</legend>
              <AddressFields
                prefix="billing"
                country={billingCountry}
                onCountryChange={setBillingCountry}
                countries={loaderData.countries}
                values={values}
                errors={errors}
              />
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <Field
                  name="billing_email"
                  label={t("checkout.fields.email")}
                  type="email"
                  autoComplete="email"
                  values={values}
                  errors={errors}
                  required
                />
                <Field
                  name="billing_phone"
                  label={t("checkout.fields.phone")}
                  type="tel"
                  autoComplete="tel"
                  values={values}
                  errors={errors}
                  required
                />
              </div>
            </fieldset>
            <fieldset>
              <legend className="sr-only">{t("checkout.shippingDetails")}</legend>
              <label className="flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  name="ship_to_different_address"
                  value="1"
                  defaultChecked={shipToDifferent}
                  onChange={(event) => setShipToDifferent(event.currentTarget.checked)}
                />
                {t("checkout.shipToDifferent")}
              </label>
              {/* Without JavaScript the fields stay visible; the server reads them only when the box is ticked. */}
              <div className="mt-3" hidden={hydrated && !shipToDifferent}>
                <AddressFields
                  prefix="shipping"
                  country={shippingCountry}
                  onCountryChange={setShippingCountry}
                  countries={loaderData.countries}
                  values={values}
                  errors={errors}
                />
              </div>
            </fieldset>
            <div>
              <label htmlFor="order_comments" className="block font-medium">
                {t("checkout.orderNotes")}
              </label>
              <textarea
                id="order_comments"
                name="order_comments"
                rows={3}
                maxLength={2000}
                defaultValue={values.order_comments}
                placeholder={t("checkout.orderNotesPlaceholder")}
                className="mt-1 w-full rounded border border-stone-300 px-2 py-1"
              />
            </div>
          </div>

          <aside
            aria-labelledby="order-review-heading"
            className="space-y-4 rounded border border-stone-200 p-4"
          >
            <h2 id="order-review-heading" className="text-xl font-semibold">
              {t("checkout.yourOrder")}
            </h2>
            <table className="woocommerce-checkout-review-order-table w-full text-sm">
              <thead>
                <tr className="border-b border-stone-200 text-left">
                  <th scope="col">{t("cart.product")}</th>
                  <th scope="col" className="text-right">
                    {t("cart.subtotal")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.cart.lines.map((line) => (
                  <tr key={line.key} className="cart_item border-b border-stone-100">
                    <td className="py-2">
                      {line.name} <strong>× {line.quantity}</strong>
                      {line.attributes.length > 0 && (
                        <span className="block text-xs text-stone-600">
                          {line.attributes
                            .map((attribute) => `${attribute.label}: ${attribute.value}`)
                            .join(", ")}
                        </span>
                      )}
                    </td>
                    <td className="py-2 text-right">{money(line.total)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="pt-2 text-left">
                    {t("cart.subtotal")}
                  </th>
                  <td className="pt-2 text-right">{money(loaderData.cart.subtotal)}</td>
                </tr>
                <tr className="order-total font-semibold">
                  <th scope="row" className="pt-2 text-left">
                    {t("cart.total")}
                  </th>
                  <td className="pt-2 text-right">{money(loaderData.cart.subtotal + shippingCost)}</td>
                </tr>
              </tfoot>
            </table>

            <fieldset aria-describedby={errors.shipping_method ? "shipping_method-error" : undefined}>
              <legend className="font-medium" id="shipping_method">
                {t("checkout.shippingMethod")}
              </legend>
              {loaderData.shippingMethods.map((method) => (
                <label key={method.id} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="shipping_method"
                    value={method.id}
                    checked={method.id === shippingId}
                    onChange={() => enhanced.choose("shipping", method.id)}
                  />
                  {t(`checkout.shipping.${method.id}`)}
                  {method.cost > 0 && `: ${money(method.cost)}`}
                </label>
              ))}
              <FieldError name="shipping_method" errors={errors} />
            </fieldset>

            <fieldset aria-describedby={errors.payment_method ? "payment_method-error" : undefined}>
              <legend className="font-medium" id="payment_method">
                {t("checkout.paymentMethod")}
              </legend>
              {loaderData.paymentMethods.map((method) => (
                <div key={method.id} className="wc_payment_method">
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="payment_method"
                      value={method.id}
                      checked={method.id === paymentId}
                      onChange={() => enhanced.choose("payment", method.id)}
                    />
                    {t(method.titleKey)}
                  </label>
                  <p className="ml-6 text-xs text-stone-600">{t(method.descriptionKey)}</p>
                </div>
              ))}
              <FieldError name="payment_method" errors={errors} />
            </fieldset>

            <div className="woocommerce-terms-and-conditions-wrapper">
              <label className="flex items-start gap-2 text-sm">
                <input
                  id="terms"
                  type="checkbox"
                  name="terms"
                  value="on"
                  defaultChecked={values.terms === "on"}
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? "terms-error" : undefined}
                />
                <span>{t("checkout.terms")}</span>
              </label>
              <TermsLink />
              <FieldError name="terms" errors={errors} />
            </div>

            <button
              type="submit"
              id="place_order"
              aria-busy={navigation.state === "submitting" || enhanced.submitting}
              className="w-full rounded bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-dark aria-busy:opacity-70"
            >
              {t("checkout.placeOrder")}
            </button>
          </aside>
        </AttributionForm>
      </Form>
      <section id="terms-text" aria-labelledby="terms-heading" className="mt-10 text-sm text-stone-700">
        <h2 id="terms-heading" className="font-semibold">
          {t("checkout.termsDialog")}
        </h2>
        <p>{t("checkout.termsText")}</p>
      </section>
    </section>
  );
}

/** The terms open in a lightbox; without JavaScript the link jumps to them on the page. */
function TermsLink() {
  const { t } = useTranslation();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <a href="#terms-text" className="woocommerce-terms-and-conditions-link text-sm underline">
          {t("checkout.termsLink")}
        </a>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 w-[32rem] max-w-[90vw] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="mb-3 text-lg font-semibold">{t("checkout.termsDialog")}</Dialog.Title>
          <p className="text-sm">{t("checkout.termsText")}</p>
          <Dialog.Close className="mt-4 rounded border border-stone-300 px-3 py-1">
            {t("checkout.close")}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Errors are translation keys from the server-rendered form, or already translated API messages. */
function translated(t: (key: string) => string, message: string): string {
  return /^[a-z]+(\.[a-z_]+)+$/.test(message) ? t(message) : message;
}

function fieldLabel(t: (key: string) => string, field: string): string {
  const name = field.replace(/^(billing|shipping)_/, "");
  if (name === "terms") return t("checkout.termsDialog");
  if (name === "payment_method") return t("checkout.paymentMethod");
  if (name === "shipping_method") return t("checkout.shippingMethod");
  return t(`checkout.fields.${name}`);
}

function FieldError({ name, errors }: { name: string; errors: Errors }) {
  const { t } = useTranslation();
  if (!errors[name]) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm text-sale">
      {translated(t, errors[name])}
    </p>
  );
}

function Field({
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
  errors: Errors;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-row">
      <div className={FLOATING_FIELD}>
        <label htmlFor={name} className="block text-sm font-medium">
          {label} {!required && <span className="text-stone-600">{t("checkout.optional")}</span>}
        </label>
        <input
          id={name}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={values[name]}
          aria-required={required}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${name}-error` : undefined}
          className="mt-1 w-full rounded border border-stone-300 px-2 py-1 aria-invalid:border-sale"
        />
      </div>
      <FieldError name={name} errors={errors} />
    </div>
  );
}

function AddressFields({
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
  errors: Errors;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const states = countries[country] ?? [];
  const autoComplete = (field: string) =>
    `${prefix} ${{ first_name: "given-name", last_name: "family-name", company: "organization", address_1: "address-line1", address_2: "address-line2", city: "address-level2", state: "address-level1", postcode: "postal-code", country: "country" }[field] ?? "on"}`;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {addressFields.map((field) => {
        const name = `${prefix}_${field}`;
        const required = !["company", "address_2", "state"].includes(field);
        if (field === "country") {
          return (
            <div key={field} className="form-row">
              <div className={FLOATING_FIELD}>
                <label htmlFor={name} className="block text-sm font-medium">
                  {t("checkout.fields.country")}
                </label>
                <select
                  id={name}
                  name={name}
                  autoComplete={autoComplete(field)}
                  value={country}
                  onChange={(event) => onCountryChange(event.currentTarget.value)}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${name}-error` : undefined}
                  className="mt-1 w-full rounded border border-stone-300 px-2 py-1"
                >
                  {Object.keys(countries).map((code) => (
                    <option key={code} value={code}>
                      {new Intl.DisplayNames([i18n.language], { type: "region" }).of(code)}
                    </option>
                  ))}
                </select>
              </div>
              <FieldError name={name} errors={errors} />
            </div>
          );
        }
        if (field === "state") {
          if (states.length === 0) return <input key={field} type="hidden" name={name} value="" />;
          return (
            <div key={field} className="form-row">
              <div className={FLOATING_FIELD}>
                <label htmlFor={name} className="block text-sm font-medium">
                  {t("checkout.fields.state")}
                </label>
                <select
                  id={name}
                  name={name}
                  key={country}
                  autoComplete={autoComplete(field)}
                  defaultValue={values[name] ?? ""}
                  aria-invalid={errors[name] ? true : undefined}
                  aria-describedby={errors[name] ? `${name}-error` : undefined}
                  className="mt-1 w-full rounded border border-stone-300 px-2 py-1"
                >
                  {/* With floating labels the label itself stands where the empty choice's text would. */}
                  <option value="">{hydrated ? "" : t("checkout.selectState")}</option>
                  {states.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
                </select>
              </div>
              <FieldError name={name} errors={errors} />
            </div>
          );
        }
        return (
          <Field
            key={field}
            name={name}
            label={t(`checkout.fields.${field}`)}
            values={values}
            errors={errors}
            autoComplete={autoComplete(field)}
            required={required}
          />
        );
      })}
    </div>
  );
}
