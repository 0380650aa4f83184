import { type AppLoadContext, data } from "react-router";
import {
  listAttributesForAdmin,
  listTermsForAdmin,
} from "../../../services/catalogue/attributes-admin.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/**
 * The attributes page (issue 39), for editors and administrators: every attribute as
 * `GET /products/attributes` answers it, and with `?attribute={id}` that attribute's terms as
 * `GET /products/attributes/{id}/terms` does (a 404 for no such attribute).
 */
export async function loadAttributes(context: AppLoadContext, request: Request) {
  const { query } = await staffRequest(context, request, "staff");
  const asked = query.get("attribute");
  const id = asked === null ? null : Number(asked);
  if (id !== null && !(Number.isInteger(id) && id > 0 && id <= 2_147_483_647))
    throw data(null, { status: 404 });
  const [attributes, terms] = await Promise.all([
    listAttributesForAdmin(context.db),
    id === null ? null : listTermsForAdmin(context.db, id),
  ]);
  if (id === null) return { attributes, open: null };
  const attribute = attributes.find((each) => each.id === id);
  if (!attribute || !terms) throw data(null, { status: 404 });
  return { attributes, open: { attribute, terms } };
}
