import { type AppLoadContext, data } from "react-router";
import { customerDetail } from "../../../services/people/people.server.ts";
import { requireAdmin } from "../../../services/people/staff-access.server.ts";

/** `/admin/people/{id}` (decision 0038): an account's addresses and orders; administrators only. */
export async function loadPerson(context: AppLoadContext, request: Request, id: string | undefined) {
  await requireAdmin(context, request);
  // Who is looking: their own role is not theirs to take away.
  const me = (await context.session.get())?.userId ?? null;
  const personId = Number(id);
  if (!Number.isInteger(personId) || personId < 1 || personId > 2_147_483_647)
    throw data(null, { status: 404 });
  const person = await customerDetail(context.db, personId);
  if (!person) throw data(null, { status: 404 });
  return { me, person };
}
