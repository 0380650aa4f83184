import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { AppliedCouponView } from "../../lib/coupons/coupon-view.ts";
import { useMoney } from "../catalogue/use-money.ts";
import { requestCouponChange } from "./coupon-calls.ts";

type Said = { ok: boolean; message: string } | null;

/**
 * WooCommerce's "Coupon code" / "Apply coupon" form and the coupons applied, each with "[Remove]".
 * Plain posts to the cart's action first (`redirect_to` brings the shopper back with the notice);
 * with scripts, the `wc-ajax` calls, the answer announced here and the page's data read again, so
 * the totals change without a reload.
 */
export function CouponForm({
  coupons = [],
  returnTo,
}: {
  coupons: AppliedCouponView[];
  returnTo: "/cart" | "/checkout";
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const revalidator = useRevalidator();
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const intent = String(form.get("intent"));
    const kind = intent === "remove_coupon" ? "remove" : "apply";
    const code = String(form.get("coupon_code") ?? "");
    event.preventDefault();
    const target = event.currentTarget;
    setBusy(true);
    const answer = await requestCouponChange(kind, code);
    setBusy(false);
    // Without the cart client (or on a network failure) the form posts as it would without scripts.
    if (!answer) return target.submit();
    setSaid(answer);
    if (answer.ok && kind === "apply") target.reset();
    await revalidator.revalidate();
  };

  return (
    <div className="coupon-area mb-6 space-y-3">
      <form method="post" action="/cart" className="coupon flex flex-wrap items-end gap-2" onSubmit={submit}>
        <input type="hidden" name="intent" value="apply_coupon" />
        <input type="hidden" name="redirect_to" value={returnTo} />
        <label htmlFor="coupon_code" className="sr-only">
          {t("coupons.label")}
        </label>
        <input
          id="coupon_code"
          name="coupon_code"
          className="input-text rounded border border-stone-300 px-2 py-2"
          placeholder={t("coupons.placeholder")}
          autoComplete="off"
        />
        <Button type="submit" name="apply_coupon" variant="secondary" pending={busy}>
          {t("coupons.apply")}
        </Button>
      </form>
      <div role="status" aria-live="polite" className="coupon-notice">
        {said && (
          <p role={said.ok ? undefined : "alert"} className={said.ok ? "text-emerald-800" : "text-red-800"}>
            {said.message}
          </p>
        )}
      </div>
      {coupons.length > 0 && (
        <ul className="applied-coupons space-y-1">
          {coupons.map((coupon) => (
            <li key={coupon.code} className={`applied-coupon flex items-center justify-between gap-2`}>
              <span>{t("coupons.couponLine", { code: coupon.code })}</span>
              <span className="flex items-center gap-2">
                {coupon.discount !== null && <span>-{money(coupon.discount)}</span>}
                <form method="post" action="/cart" onSubmit={submit}>
                  <input type="hidden" name="intent" value="remove_coupon" />
                  <input type="hidden" name="redirect_to" value={returnTo} />
                  <input type="hidden" name="coupon_code" value={coupon.code} />
                  <button
                    type="submit"
                    className="woocommerce-remove-coupon text-sm underline"
                    aria-label={t("coupons.removeNamed", { code: coupon.code })}
                  >
                    {t("coupons.remove")}
                  </button>
                </form>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
