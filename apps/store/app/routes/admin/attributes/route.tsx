import { AttributeList } from "../../../features/admin/attributes/attribute-list.tsx";
import { nameIn } from "../../../features/admin/attributes/attribute-requests.ts";
import { AttributeTerms } from "../../../features/admin/attributes/attribute-terms.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAttributes } from "./admin-attributes.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAttributes(context, request);
}

export function meta() {
  return [{ title: "Attributes" }, { name: "robots", content: "noindex" }];
}

/** `/admin/attributes`: the attributes, and with `?attribute=` one attribute's terms; for editors and administrators. */
export default function BackOfficeAttributes({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { open } = loaderData;
  return (
    <section>
      <h1 className="mb-6 text-3xl font-semibold">
        {open
          ? t("backOffice.attributes.termsOf", { name: nameIn(open.attribute, i18n.language) })
          : t("backOffice.attributes.title")}
      </h1>
      {open ? (
        <AttributeTerms key={open.attribute.id} attribute={open.attribute} terms={open.terms} />
      ) : (
        <AttributeList attributes={loaderData.attributes} />
      )}
    </section>
  );
}
