import { useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  ADMIN_BUTTON,
  ADMIN_NARROW_FIELD,
  ADMIN_ROW_BUTTON,
} from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import type { ZoneRecord } from "../../../lib/shipping-resource.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { locationLabel, type ZoneSummary } from "./zone-page-data.ts";

/**
 * The zones in the order the checkout tries them (WooCommerce's zones table): each with its regions
 * and methods, moved up or down (`PUT /shipping/zones/order`), deleted; zone 0 last, as the zone of
 * the locations no other zone covers. A new zone is made by name and opened.
 */
export function ZoneList({ zones }: { zones: ZoneSummary[] }) {
  const { t, i18n } = useTranslation();
  const change = useRestChange();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const own = zones.filter((zone) => zone.id !== 0);
  const restOfWorld = zones.find((zone) => zone.id === 0);

  const move = (index: number, by: -1 | 1) => {
    const ids = own.map((zone) => zone.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void change.send(
      { path: "/shipping/zones/order", method: "PUT", data: ids },
      t("backOffice.shipping.moved"),
    );
  };

  async function add() {
    setError(null);
    try {
      const made = await pageRestClient().request<ZoneRecord>({
        path: "/shipping/zones",
        method: "POST",
        data: { name },
      });
      navigate(`/admin/shipping/zones/${made.id}`);
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    }
  }

  const row = (zone: ZoneSummary, index: number | null) => (
    <tr key={zone.id} className="border-t border-stone-200 align-top">
      <td className="py-2 pr-3">
        <Link to={`/admin/shipping/zones/${zone.id}`} className="text-brand underline">
          {zone.id === 0 ? t("backOffice.shipping.restOfWorld") : zone.name}
        </Link>
      </td>
      <td className="py-2 pr-3">
        {zone.id === 0
          ? t("backOffice.shipping.restOfWorldHint")
          : zone.locations.map((location) => locationLabel(location, t, i18n.language)).join(", ") ||
            t("backOffice.shipping.everywhere")}
      </td>
      <td className="py-2 pr-3">
        {zone.methods
          .map((method) =>
            method.enabled ? method.title : t("backOffice.shipping.off", { title: method.title }),
          )
          .join(", ") || t("backOffice.shipping.noMethods")}
      </td>
      <td className="flex flex-wrap gap-2 py-2">
        {index !== null && (
          <>
            <button
              type="button"
              className={ADMIN_ROW_BUTTON}
              disabled={index === 0 || change.busy}
              onClick={() => move(index, -1)}
            >
              {t("backOffice.shipping.up", { name: zone.name })}
            </button>
            <button
              type="button"
              className={ADMIN_ROW_BUTTON}
              disabled={index === own.length - 1 || change.busy}
              onClick={() => move(index, 1)}
            >
              {t("backOffice.shipping.down", { name: zone.name })}
            </button>
            <button
              type="button"
              className={ADMIN_ROW_BUTTON}
              disabled={change.busy}
              onClick={() => {
                if (!window.confirm(t("backOffice.shipping.confirmDelete", { name: zone.name }))) return;
                void change.send(
                  { path: `/shipping/zones/${zone.id}`, method: "DELETE" },
                  t("backOffice.shipping.deleted"),
                );
              }}
            >
              {t("backOffice.shipping.delete", { name: zone.name })}
            </button>
          </>
        )}
      </td>
    </tr>
  );

  return (
    <div className="space-y-6">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label className="text-sm font-medium">
          {t("backOffice.shipping.newZone")}
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            className={ADMIN_NARROW_FIELD}
          />
        </label>
        <button type="submit" className={ADMIN_BUTTON}>
          {t("backOffice.shipping.addZone")}
        </button>
      </form>
      {error && (
        <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {error}
        </p>
      )}
      <Announcement message={change.message} name="shipping-zones" />
      <table className="w-full text-left">
        <caption className="sr-only">{t("backOffice.shipping.zonesCaption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t("backOffice.shipping.zoneName")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("backOffice.shipping.regions")}
            </th>
            <th scope="col" className="py-2 pr-3">
              {t("backOffice.shipping.methods")}
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">{t("backOffice.shipping.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {own.map((zone, index) => row(zone, index))}
          {restOfWorld && row(restOfWorld, null)}
        </tbody>
      </table>
    </div>
  );
}
