import { z } from "zod";
import { withoutSecrets } from "../../lib/settings-resource.ts";
import { SettingsError, updateStoreSettings } from "../../services/settings/settings.server.ts";
import * as rest from "./rest-route.server.ts";

/**
 * `GET /settings` and `PUT /settings` (a partial object: `{"name": "…"}`), for administrators. A
 * change reaches every server process on the database: each reads the settings again and drops
 * its cached pages. Secrets (the photo feed's token, Stripe's keys) are answered masked; a masked
 * value sent back keeps the stored secret (decision 0073). Stripe's keys that the installation sets
 * (`config.stripe`) are the ones answered, and cannot be changed here.
 */

const settingsPatch = z.record(z.string().max(100), z.unknown());

const readSettings: rest.Handler = async (context, _caller, _req, res) => {
  res.set("Cache-Control", "no-store").json(withoutSecrets(context.settings, context.config.stripe));
};

const changeSettings: rest.Handler = async (context, _caller, req, res) => {
  const body = settingsPatch.safeParse(req.body);
  if (!body.success) throw rest.invalidParam(body.error, "body");
  try {
    const updated = await updateStoreSettings(context.db, body.data, context.config.stripe);
    context.settingsChanged(updated);
    res.set("Cache-Control", "no-store").json(withoutSecrets(updated, context.config.stripe));
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    throw new rest.RestError(400, "rest_invalid_param", error.message, { param: error.key });
  }
};

export const settingsRoutes: rest.RestRoute[] = [
  { method: "get", path: "/settings", needs: "admin", handler: readSettings },
  { method: "put", path: "/settings", needs: "admin", handler: changeSettings },
];
