import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { PersonPage } from "../../../features/admin/people/person-page.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadPerson } from "./admin-person.server.ts";

export const loader = ({ context, request, params }: Route.LoaderArgs) =>
  loadPerson(context, request, params.id);

export const meta = ({ data }: Route.MetaArgs) => backOfficeMeta(data ? data.person.email : "Customer");

export default function BackOfficePerson({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <BackOfficePage title={t("backOffice.people.personTitle", { email: loaderData.person.email })}>
      <PersonPage person={loaderData.person} me={loaderData.me} />
    </BackOfficePage>
  );
}
