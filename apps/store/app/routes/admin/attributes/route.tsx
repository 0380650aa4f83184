import { AttributeList } from "../../../features/admin/attributes/attribute-list.tsx";
import { nameIn } from "../../../features/admin/attributes/attribute-requests.ts";
import { AttributeTerms } from "../../../features/admin/attributes/attribute-terms.tsx";
import { BackOfficePage, backOfficeMeta } from "../../../features/admin/back-office-page.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { Route } from "./+types/route";
import { loadAttributes } from "./admin-attributes.server.ts";

export const loader = ({ context, request }: Route.LoaderArgs) => loadAttributes(context, request);

export const meta = () => backOfficeMeta("Attributes");

/** `/admin/attributes`: the attributes, and with `?attribute=` one attribute's terms; for editors and administrators. */
export default function BackOfficeAttributes({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { open } = loaderData;
  return (
    <BackOfficePage
      title={
        open
          ? t("backOffice.attributes.termsOf", { name: nameIn(open.attribute, i18n.language) })
          : t("backOffice.attributes.title")
      }
    >
      {open ? (
        <AttributeTerms key={open.attribute.id} attribute={open.attribute} terms={open.terms} />
      ) : (
        <AttributeList attributes={loaderData.attributes} />
      )}
    </BackOfficePage>
  );
}
