import { Link } from "react-router";
import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { actionsColumn, type DataColumn, DataTable } from "../../../components/ui/data-table.tsx";
import { InlineAddForm } from "../../../components/ui/inline-add-form.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { ZoneRecord } from "../../../lib/shipping-resource.ts";
import { SaveError } from "../save-error.tsx";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { useRestSave } from "../use-rest-save.ts";
import { ShippingDeleteButton } from "./shipping-delete-button.tsx";
import { locationLabel, type ZoneSummary } from "./zone-page-data.ts";

type Change = ReturnType<typeof useRestChange>;

/** An own zone's row actions: moved up or down (`PUT /shipping/zones/order`), deleted. */
function ZoneActions({ zone, own, change }: { zone: ZoneSummary; own: ZoneSummary[]; change: Change }) {
  const { t } = useTranslation();
  const index = own.indexOf(zone);
  const move = (by: -1 | 1) => {
    const ids = own.map((each) => each.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void change.send(
      { path: "/shipping/zones/order", method: "PUT", data: ids },
      t("backOffice.shipping.moved"),
    );
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={ADMIN_ROW_BUTTON}
        disabled={index === 0 || change.busy}
        onClick={() => move(-1)}
      >
        {t("backOffice.shipping.up", { name: zone.name })}
      </button>
      <button
        type="button"
        className={ADMIN_ROW_BUTTON}
        disabled={index === own.length - 1 || change.busy}
        onClick={() => move(1)}
      >
        {t("backOffice.shipping.down", { name: zone.name })}
      </button>
      <ShippingDeleteButton
        change={change}
        path={`/shipping/zones/${zone.id}`}
        name={zone.name}
        question={t("backOffice.shipping.confirmDelete", { name: zone.name })}
      />
    </div>
  );
}

/** The zones' columns: name (a link to the zone), regions, methods, and the own zones' actions. */
function useZoneColumns(own: ZoneSummary[], change: Change): DataColumn<ZoneSummary>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: "name",
      header: t("backOffice.shipping.zoneName"),
      cell: (zone) => (
        <Link to={`/admin/shipping/zones/${zone.id}`} className="text-brand underline">
          {zone.id === 0 ? t("backOffice.shipping.restOfWorld") : zone.name}
        </Link>
      ),
    },
    {
      key: "regions",
      header: t("backOffice.shipping.regions"),
      cell: (zone) =>
        zone.id === 0
          ? t("backOffice.shipping.restOfWorldHint")
          : zone.locations.map((location) => locationLabel(location, t, i18n.language)).join(", ") ||
            t("backOffice.shipping.everywhere"),
    },
    {
      key: "methods",
      header: t("backOffice.shipping.methods"),
      cell: (zone) =>
        zone.methods
          .map((method) =>
            method.enabled ? method.title : t("backOffice.shipping.off", { title: method.title }),
          )
          .join(", ") || t("backOffice.shipping.noMethods"),
    },
    actionsColumn(t("backOffice.shipping.actions"), (zone) =>
      zone.id === 0 ? null : <ZoneActions zone={zone} own={own} change={change} />,
    ),
  ];
}

/**
 * The zones in the order the checkout tries them (WooCommerce's zones table): each with its regions
 * and methods, moved up or down (`PUT /shipping/zones/order`), deleted; zone 0 last, as the zone of
 * the locations no other zone covers. A new zone is made by name and opened.
 */
export function ZoneList({ zones }: { zones: ZoneSummary[] }) {
  const { t } = useTranslation();
  const change = useRestChange();
  const save = useRestSave();
  const own = zones.filter((zone) => zone.id !== 0);
  const restOfWorld = zones.find((zone) => zone.id === 0);
  const columns = useZoneColumns(own, change);
  return (
    <div className="space-y-6">
      <InlineAddForm
        label={t("backOffice.shipping.newZone")}
        button={t("backOffice.shipping.addZone")}
        onAdd={(name) => {
          void save.send<ZoneRecord>(
            { path: "/shipping/zones", method: "POST", data: { name } },
            (made) => `/admin/shipping/zones/${made.id}`,
          );
          return undefined;
        }}
      />
      <SaveError error={save.error} />
      <Announcement message={change.message} name="shipping-zones" />
      <DataTable
        rows={restOfWorld ? [...own, restOfWorld] : own}
        columns={columns}
        rowKey={(zone) => String(zone.id)}
        caption={t("backOffice.shipping.zonesCaption")}
        alignTop
      />
    </div>
  );
}
