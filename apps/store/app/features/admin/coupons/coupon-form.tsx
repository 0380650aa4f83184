import { useState } from "react";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { couponCreateInput } from "../../../lib/coupon-resource.ts";
import { fieldRefusal } from "../../../lib/rest-refusal.ts";
import { SaveError } from "../save-error.tsx";
import { useRestSave } from "../use-rest-save.ts";
import { couponBody } from "./coupon-body.ts";
import {
  type CouponDraft,
  CouponGeneralSection,
  CouponLimitsSection,
  CouponRestrictionSection,
} from "./coupon-sections.tsx";

/**
 * A coupon's form in WooCommerce's three tabs (General, Usage restriction, Usage limits), saved
 * through `POST /coupons` or `PUT /coupons/{id}` after the same check the route makes; deleted
 * (after a question) through `DELETE /coupons/{id}?force=true`.
 */
export function CouponForm({
  id,
  coupon,
  currency,
}: {
  id: number | null;
  coupon: CouponDraft;
  currency: string;
}) {
  const { t } = useTranslation();
  const { saving, error, setError, send } = useRestSave();
  const [deleting, setDeleting] = useState(false);

  const save = async (form: HTMLFormElement) => {
    const body = couponBody(form);
    const checked = couponCreateInput.safeParse(body);
    if (!checked.success) {
      const refusal = fieldRefusal(checked.error);
      setError(t("rest.errors.rest_invalid_param", { param: refusal.param }));
      return false;
    }
    return send<{ id: number }>(
      { path: id === null ? "/coupons" : `/coupons/${id}`, method: id === null ? "POST" : "PUT", data: body },
      () => "/admin/coupons?done=saved",
    );
  };

  return (
    <div className="max-w-3xl space-y-4">
      <FormLayout
        saveLabel={t("backOffice.coupons.save")}
        busy={saving}
        onSave={save}
        messages={<SaveError error={error} />}
      >
        <CouponGeneralSection coupon={coupon} />
        <CouponRestrictionSection coupon={coupon} currency={currency} />
        <CouponLimitsSection coupon={coupon} />
      </FormLayout>
      {id !== null && (
        <button type="button" className={ADMIN_BUTTON} onClick={() => setDeleting(true)}>
          {t("backOffice.coupons.delete")}
        </button>
      )}
      <ConfirmDialog
        open={deleting}
        title={t("backOffice.coupons.deleteTitle", { code: coupon.code })}
        keepLabel={t("backOffice.coupons.keep")}
        confirmLabel={t("backOffice.coupons.delete")}
        onKeep={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          void send(
            { path: `/coupons/${id}?force=true`, method: "DELETE" },
            () => "/admin/coupons?done=deleted",
          );
        }}
      >
        <p>{t("backOffice.coupons.deleteWarning")}</p>
      </ConfirmDialog>
    </div>
  );
}
