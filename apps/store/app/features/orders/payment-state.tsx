import { useEffect, useRef } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";

/** How often, and for how long, the receipt asks again while a payment is being confirmed. */
const EVERY_MS = 2000;
const TIMES = 60;

/**
 * Where a payment made on the provider's page stands, on the order's receipt (issue 42): "being
 * confirmed" until the store knows, then paid or not. While it is being confirmed the page asks
 * again by itself (with JavaScript) or with the "Check again" link (without).
 */
export function PaymentState({ state }: { state: "confirming" | "paid" | "failed" }) {
  const { t } = useTranslation();
  const location = useLocation();
  const revalidator = useRevalidator();
  // The latest revalidator, read by the timer (a new one comes with every render).
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (state !== "confirming") return;
    let times = 0;
    const timer = window.setInterval(() => {
      times += 1;
      if (times > TIMES) window.clearInterval(timer);
      else if (latest.current.state === "idle") void latest.current.revalidate();
    }, EVERY_MS);
    return () => window.clearInterval(timer);
  }, [state]);
  if (state === "confirming")
    return (
      <p className="payment-state mb-6 rounded border border-amber-300 bg-amber-50 p-4" role="status">
        {t("checkout.paymentState.confirming")}{" "}
        <a className="underline" href={`${location.pathname}${location.search}`}>
          {t("checkout.paymentState.checkAgain")}
        </a>
      </p>
    );
  if (state === "failed")
    return (
      <p className="payment-state mb-6 rounded border border-red-300 bg-red-50 p-4" role="alert">
        {t("checkout.paymentState.failed")}{" "}
        <a className="underline" href="/cart">
          {t("checkout.paymentState.backToCart")}
        </a>
      </p>
    );
  return (
    <p className="payment-state mb-6 rounded border border-emerald-300 bg-emerald-50 p-4" role="status">
      {t("checkout.paymentState.paid")}
    </p>
  );
}
