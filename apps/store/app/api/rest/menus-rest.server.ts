import { isMenuLocation, type MenuLocation, menuInput } from "../../lib/menu-editor.ts";
import { listMenusForAdmin, menuForEditor, saveMenu } from "../../services/content/menus-admin.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * The menus editor's calls, for administrators (decision 0036): `GET /menus`,
 * `GET|PUT /menus/{location}` (`primary`, `footer`, `categories`). A save sends the menu whole:
 * its items in order, each `{label: {en, es}, target: {kind, id | url}, children}`.
 */

function locationParam(req: Parameters<rest.Handler>[2]): MenuLocation {
  const location = req.params.location;
  if (!isMenuLocation(location))
    throw new rest.RestError(404, "vitrine_menu_not_found", "There is no such menu.");
  return location;
}

const list: rest.Handler = async (context, _caller, _req, res) => {
  res.json((await listMenusForAdmin(context.db)).map(rest.snakeCaseKeys));
};

const read: rest.Handler = async (context, _caller, req, res) => {
  res.json(await menuForEditor(context.db, locationParam(req)));
};

const save: rest.Handler = async (context, _caller, req, res) => {
  const location = locationParam(req);
  const body = rest.parsed(menuInput, req.body, "body");
  await rest.refusing(() => saveMenu(context.db, location, body.items));
  // Every page shows the menus: each process empties its page cache and its site cache (the menus
  // it keeps per language) when it hears this.
  context.invalidatePages();
  res.json(await menuForEditor(context.db, location));
};

export const menuRoutes: rest.RestRoute[] = [
  { method: "get", path: "/menus", needs: "admin", handler: list },
  { method: "get", path: "/menus/:location", needs: "admin", handler: read },
  { method: "put", path: "/menus/:location", needs: "admin", handler: save },
];
