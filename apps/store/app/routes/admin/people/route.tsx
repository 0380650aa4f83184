import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { InvitationList } from "../../../features/admin/people/people-invitations.tsx";
import { ApiTokenList, CustomerList } from "../../../features/admin/people/people-lists.tsx";
import { InviteForm, StaffList } from "../../../features/admin/people/people-staff.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadPeople } from "./admin-people.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadPeople(context, request);

export const meta = () => backOfficeMeta("People");

/** `/admin/people`: staff and invitations, customers, API tokens (decision 0038). */
export default function BackOfficePeople({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.people.title")} className="space-y-10">
      <StaffList staff={loaderData.staff} me={loaderData.me} />
      <InviteForm />
      <InvitationList {...loaderData.invitations} />
      <CustomerList {...loaderData.customers} />
      <ApiTokenList {...loaderData.tokens} />
    </BackOfficePage>
  );
}
