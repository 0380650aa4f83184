import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { blockPage } from "../../components/ui/block-page.ts";
import { animateWindowScroll } from "../../components/ui/scroll.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { addressFields, parseCheckoutForm } from "../../lib/checkout-form.ts";
import { pageRestClient, RestClientError, STORE_API_ROOT } from "../../lib/rest-client.ts";
import { currentRecord } from "../attribution/tracking.ts";
import { readChoices, saveChoices } from "./checkout-store.ts";

export type CheckoutNotice = { key: string; params?: Record<string, string> } | { text: string };
type Options = {
  userId: number;
  attempt: string;
  initial: { errors: Record<string, string>; notice: CheckoutNotice | null };
  methods: { payment: string[]; shipping: string[] };
  choose: { payment: (id: string) => void; shipping: (id: string) => void };
  /** Whether the store has a terms page the shopper must accept (decision 0064). */
  terms: boolean;
};

const FOCUS_DELAY_MS = 500;
const NOTICE_OFFSET_PX = 100;

/**
 * The block checkout on top of the classic form: it submits `POST /api/store/v1/checkout` with the
 * attribution record as extension data, remembers the shopper's payment and shipping choices in the
 * `vitrine/store/checkout` store, and on errors moves focus to the first field and the notices into view.
 */
export function useEnhancedCheckout({ userId, attempt, initial, methods, choose: setters, terms }: Options) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState(initial.errors);
  const [notice, setNotice] = useState<CheckoutNotice | null>(initial.notice);
  const [submitting, setSubmitting] = useState(false);
  const noticesRef = useRef<HTMLDivElement>(null);
  const initialKey = JSON.stringify(initial);
  const seenInitial = useRef(initialKey);

  // A classic post (the form's own action) answered with new errors: show those.
  useEffect(() => {
    if (seenInitial.current === initialKey) return;
    seenInitial.current = initialKey;
    const next = JSON.parse(initialKey) as Options["initial"];
    setErrors(next.errors);
    setNotice(next.notice);
  }, [initialKey]);

  useEffect(() => {
    const saved = readChoices(window.localStorage, userId);
    if (saved.paymentMethod && methods.payment.includes(saved.paymentMethod))
      setters.payment(saved.paymentMethod);
    if (saved.shippingMethod && methods.shipping.includes(saved.shippingMethod))
      setters.shipping(saved.shippingMethod);
  }, [userId, methods.payment, methods.shipping, setters]);

  // Errors arrived: the notices come into view, then focus goes to the first field that needs fixing.
  useEffect(() => {
    const fields = Object.keys(errors);
    if (fields.length === 0 && !notice) return;
    const notices = noticesRef.current;
    if (notices) animateWindowScroll(notices.getBoundingClientRect().top + window.scrollY - NOTICE_OFFSET_PX);
    const timer = window.setTimeout(() => {
      const first = fields.map((field) => document.getElementById(field)).find((element) => element !== null);
      (first ?? notices)?.focus();
    }, FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [errors, notice]);

  const choose = useCallback(
    (kind: "payment" | "shipping", id: string) => {
      setters[kind](id);
      saveChoices(
        window.localStorage,
        userId,
        kind === "payment" ? { paymentMethod: id } : { shippingMethod: id },
      );
    },
    [setters, userId],
  );

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      const form = new FormData(event.currentTarget);
      const field = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : "";
      };
      // The server's own schema, run here first: every field's error at once, without a round trip.
      const checked = parseCheckoutForm(
        Object.fromEntries([...form.keys()].map((name) => [name, field(name)])),
        { terms },
      );
      if (!checked.success) {
        setNotice(null);
        setErrors(checked.errors);
        return;
      }
      const address = (prefix: string, extra: string[]) =>
        Object.fromEntries([...addressFields, ...extra].map((name) => [name, field(`${prefix}_${name}`)]));
      const payload = {
        billing_address: address("billing", ["email", "phone"]),
        shipping_address: field("ship_to_different_address") === "1" ? address("shipping", []) : {},
        payment_method: field("payment_method"),
        shipping_method: field("shipping_method"),
        customer_note: field("order_comments"),
        extensions: { "woocommerce/order-attribution": currentRecord() },
      };
      setSubmitting(true);
      const release = blockPage(t("site.pleaseWait"));
      let leaving = false;
      try {
        // The Store API's root, through the one REST client every call of the page uses.
        const placed = await pageRestClient(STORE_API_ROOT).request<{
          payment_result?: { redirect_url?: string };
        } | null>({
          path: "/checkout",
          method: "POST",
          data: payload,
          headers: { "Idempotency-Key": attempt },
        });
        const redirect = placed?.payment_result?.redirect_url;
        if (redirect) {
          // Still blocked while the browser goes to the order's page.
          leaving = true;
          window.location.assign(redirect);
          return;
        }
        setNotice({ key: "rest.errors.unknown_error" });
      } catch (error) {
        if (!(error instanceof RestClientError) || error.code === "fetch_error") {
          setNotice({ key: "checkout.errors.offline" });
          return;
        }
        // The server's messages are in the page's language already; `params` holds each field's.
        const params = (error.data as { params?: Record<string, string> } | null)?.params ?? {};
        setErrors(params);
        setNotice(Object.keys(params).length > 0 ? null : { text: error.message });
      } finally {
        if (!leaving) release();
        setSubmitting(false);
      }
    },
    [attempt, submitting, t],
  );

  return { errors, notice, onSubmit, choose, submitting, noticesRef };
}
