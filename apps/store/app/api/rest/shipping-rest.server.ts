import type { AppContext } from "../../context.server.ts";
import {
  methodCreateInput,
  methodUpdateInput,
  shippingClassInput,
  zoneArrangement,
  zoneInput,
  zoneLocationsInput,
} from "../../lib/shipping-resource.ts";
import {
  createShippingClass,
  deleteShippingClass,
  listShippingClasses,
  shippingClassRecord,
  updateShippingClass,
} from "../../services/shipping/shipping-classes.server.ts";
import {
  addZoneMethod,
  arrangeZones,
  createZone,
  deleteZone,
  deleteZoneMethod,
  listZones,
  ShippingZoneError,
  setZoneLocations,
  shippingZonesChanged,
  updateZone,
  updateZoneMethod,
  zoneLocations,
  zoneMethod,
  zoneMethods,
  zoneRecord,
} from "../../services/shipping/shipping-zones.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * Shipping zones, their locations and methods, and shipping classes for administrators (issue 41,
 * decision 0069), in the shape of WooCommerce's `wc/v3`: `GET|POST /shipping/zones`,
 * `PUT /shipping/zones/order`, `GET|PUT|DELETE /shipping/zones/{id}`,
 * `GET|PUT /shipping/zones/{id}/locations`, `GET|POST /shipping/zones/{id}/methods`,
 * `GET|PUT|DELETE /shipping/zones/{id}/methods/{instance}`, and `GET|POST
 * /products/shipping_classes`, `GET|PUT|DELETE /products/shipping_classes/{id}` (editors read them
 * for the product form). Every change empties every process's zones.
 */

const noZone = () =>
  new rest.RestError(404, "woocommerce_rest_shipping_zone_invalid", "Resource does not exist.");
const noMethod = () =>
  new rest.RestError(404, "woocommerce_rest_shipping_zone_method_invalid", "Resource does not exist.");
const noClass = () => new rest.RestError(404, "woocommerce_rest_term_invalid", "Resource does not exist.");

/** A refusal of zone 0's change or a missing zone, as WooCommerce answers them. */
async function zoneChange<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await rest.refusing(change);
  } catch (error) {
    if (error instanceof ShippingZoneError && error.code === "rest_of_world")
      throw new rest.RestError(
        403,
        "woocommerce_rest_shipping_zone_invalid_zone",
        'The "locations not covered by your other zones" zone cannot be updated.',
      );
    throw error;
  }
}

const instanceId = (req: Parameters<rest.Handler>[2]) => rest.parseId(req, "instance");
/** A zone's id: zone 0 ("Locations not covered by your other zones") is one too. */
const zoneId = (req: Parameters<rest.Handler>[2]) => (req.params.id === "0" ? 0 : rest.parseId(req));
const changed = (context: AppContext) => shippingZonesChanged(context);

async function sendZone(context: AppContext, res: Parameters<rest.Handler>[3], id: number) {
  const zone = await zoneRecord(context.db, id);
  if (!zone) throw noZone();
  res.json(zone);
}

const listAll: rest.Handler = async (context, _caller, _req, res) => {
  res.json(await listZones(context.db));
};

const read: rest.Handler = async (context, _caller, req, res) => sendZone(context, res, zoneId(req));

const create: rest.Handler = async (context, _caller, req, res) => {
  const id = await createZone(context.db, rest.parsed(zoneInput, req.body, "name"));
  changed(context);
  res.status(201);
  await sendZone(context, res, id);
};

const update: rest.Handler = async (context, _caller, req, res) => {
  const id = zoneId(req);
  const body = rest.parsed(zoneInput, req.body, "name");
  if (!(await zoneChange(() => updateZone(context.db, id, body)))) throw noZone();
  changed(context);
  await sendZone(context, res, id);
};

const remove: rest.Handler = async (context, _caller, req, res) => {
  const id = zoneId(req);
  const previous = await zoneRecord(context.db, id);
  if (!previous || !(await zoneChange(() => deleteZone(context.db, id)))) throw noZone();
  changed(context);
  res.json(previous);
};

const arrange: rest.Handler = async (context, _caller, req, res) => {
  await arrangeZones(context.db, rest.parsed(zoneArrangement, req.body, "order"));
  changed(context);
  res.json(await listZones(context.db));
};

const readLocations: rest.Handler = async (context, _caller, req, res) => {
  const locations = await zoneLocations(context.db, zoneId(req));
  if (!locations) throw noZone();
  res.json(locations);
};

const replaceLocations: rest.Handler = async (context, _caller, req, res) => {
  const id = zoneId(req);
  const locations = rest.parsed(zoneLocationsInput, req.body, "locations");
  if (!(await zoneChange(() => setZoneLocations(context.db, id, locations)))) throw noZone();
  changed(context);
  res.json(await zoneLocations(context.db, id));
};

const listMethods: rest.Handler = async (context, _caller, req, res) => {
  const methods = await zoneMethods(context.db, zoneId(req));
  if (!methods) throw noZone();
  res.json(methods);
};

async function sendMethod(context: AppContext, res: Parameters<rest.Handler>[3], zoneId: number, id: number) {
  const method = await zoneMethod(context.db, zoneId, id);
  if (!method) throw noMethod();
  res.json(method);
}

const readMethod: rest.Handler = async (context, _caller, req, res) =>
  sendMethod(context, res, zoneId(req), instanceId(req));

const addMethod: rest.Handler = async (context, _caller, req, res) => {
  const zone = zoneId(req);
  const body = rest.parsed(methodCreateInput, req.body, "method_id");
  const id = await rest.refusing(() => addZoneMethod(context.db, zone, body));
  if (id === null) throw noZone();
  changed(context);
  res.status(201);
  await sendMethod(context, res, zone, id);
};

const changeMethod: rest.Handler = async (context, _caller, req, res) => {
  const zone = zoneId(req);
  const id = instanceId(req);
  const body = rest.parsed(methodUpdateInput, req.body, "settings");
  if (!(await rest.refusing(() => updateZoneMethod(context.db, zone, id, body)))) throw noMethod();
  changed(context);
  await sendMethod(context, res, zone, id);
};

const removeMethod: rest.Handler = async (context, _caller, req, res) => {
  const zone = zoneId(req);
  const id = instanceId(req);
  const previous = await zoneMethod(context.db, zone, id);
  if (!previous || !(await deleteZoneMethod(context.db, zone, id))) throw noMethod();
  changed(context);
  res.json(previous);
};

async function sendClass(context: AppContext, res: Parameters<rest.Handler>[3], id: number) {
  const record = await shippingClassRecord(context.db, id);
  if (!record) throw noClass();
  res.json(record);
}

const listClasses: rest.Handler = async (context, _caller, _req, res) => {
  res.json(await listShippingClasses(context.db));
};

const readClass: rest.Handler = async (context, _caller, req, res) =>
  sendClass(context, res, rest.parseId(req));

const createClass: rest.Handler = async (context, _caller, req, res) => {
  const body = rest.parsed(shippingClassInput, req.body, "name");
  const id = await rest.refusing(() => createShippingClass(context.db, body));
  changed(context);
  res.status(201);
  await sendClass(context, res, id);
};

const updateClass: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const body = rest.parsed(shippingClassInput, req.body, "name");
  if (!(await rest.refusing(() => updateShippingClass(context.db, id, body)))) throw noClass();
  changed(context);
  await sendClass(context, res, id);
};

const removeClass: rest.Handler = async (context, _caller, req, res) => {
  const id = rest.parseId(req);
  const previous = await shippingClassRecord(context.db, id);
  if (!previous || !(await deleteShippingClass(context.db, id))) throw noClass();
  changed(context);
  res.json(previous);
};

const zones = "/shipping/zones";
const classes = "/products/shipping_classes";

export const shippingRoutes: rest.RestRoute[] = [
  { method: "get", path: zones, needs: "admin", handler: listAll },
  { method: "post", path: zones, needs: "admin", handler: create },
  { method: "put", path: `${zones}/order`, needs: "admin", handler: arrange },
  { method: "get", path: `${zones}/:id`, needs: "admin", handler: read },
  { method: "put", path: `${zones}/:id`, needs: "admin", handler: update },
  { method: "delete", path: `${zones}/:id`, needs: "admin", handler: remove },
  { method: "get", path: `${zones}/:id/locations`, needs: "admin", handler: readLocations },
  { method: "put", path: `${zones}/:id/locations`, needs: "admin", handler: replaceLocations },
  { method: "get", path: `${zones}/:id/methods`, needs: "admin", handler: listMethods },
  { method: "post", path: `${zones}/:id/methods`, needs: "admin", handler: addMethod },
  { method: "get", path: `${zones}/:id/methods/:instance`, needs: "admin", handler: readMethod },
  { method: "put", path: `${zones}/:id/methods/:instance`, needs: "admin", handler: changeMethod },
  { method: "delete", path: `${zones}/:id/methods/:instance`, needs: "admin", handler: removeMethod },
  { method: "get", path: classes, needs: "staff", handler: listClasses },
  { method: "post", path: classes, needs: "admin", handler: createClass },
  { method: "get", path: `${classes}/:id`, needs: "staff", handler: readClass },
  { method: "put", path: `${classes}/:id`, needs: "admin", handler: updateClass },
  { method: "delete", path: `${classes}/:id`, needs: "admin", handler: removeClass },
];
