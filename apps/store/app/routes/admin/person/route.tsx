import { PersonPage } from "../../../features/admin/people/person-page.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadPerson } from "./admin-person.server.ts";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPerson(context, request, params.id);
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? data.person.email : "Customer" }, { name: "robots", content: "noindex" }];
}

export default function BackOfficePerson({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="mb-4 text-3xl font-semibold break-all">
        {t("backOffice.people.personTitle", { email: loaderData.person.email })}
      </h1>
      <PersonPage person={loaderData.person} me={loaderData.me} />
    </section>
  );
}
