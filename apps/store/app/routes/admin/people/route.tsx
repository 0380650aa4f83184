import { InvitationList } from "../../../features/admin/people/people-invitations.tsx";
import { ApiTokenList, CustomerList } from "../../../features/admin/people/people-lists.tsx";
import { InviteForm, StaffList } from "../../../features/admin/people/people-staff.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadPeople } from "./admin-people.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPeople(context, request);
}

export function meta() {
  return [{ title: "People" }, { name: "robots", content: "noindex" }];
}

/** `/admin/people`: staff and invitations, customers, API tokens (decision 0038). */
export default function BackOfficePeople({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="space-y-10">
      <h1 className="text-3xl font-semibold">{t("backOffice.people.title")}</h1>
      <StaffList staff={loaderData.staff} me={loaderData.me} />
      <InviteForm />
      <InvitationList {...loaderData.invitations} />
      <CustomerList {...loaderData.customers} />
      <ApiTokenList {...loaderData.tokens} />
    </section>
  );
}
