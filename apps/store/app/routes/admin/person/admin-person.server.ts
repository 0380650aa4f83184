import { type AppLoadContext, data } from "react-router";
import { customerDetail } from "../../../services/people/people.server.ts";
import { staffRequest } from "../../../services/people/staff-access.server.ts";

/** `/admin/people/{id}` (decision 0038): an account's addresses and orders; administrators only. */
export async function loadPerson(context: AppLoadContext, request: Request, id: string | undefined) {
  // Who is looking (`userId`): their own role is not theirs to take away.
  const { userId: me } = await staffRequest(context, request, "administrator");
  const personId = Number(id);
  if (!Number.isInteger(personId) || personId < 1 || personId > 2_147_483_647)
    throw data(null, { status: 404 });
  const person = await customerDetail(context.db, personId);
  if (!person) throw data(null, { status: 404 });
  return { me, person };
}
