import { useTranslation } from "../../../i18n/use-translation.ts";
import { PEOPLE_ROLES, type PeopleRole } from "../../../lib/people-resource.ts";

/** A role's name in the page's language. */
export function useRoleName() {
  const { t } = useTranslation();
  return (role: PeopleRole) => t(`backOffice.people.roles.${role}`);
}

/** The three roles as a native select's options. */
export function RoleOptions() {
  const roleName = useRoleName();
  return (
    <>
      {PEOPLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(role)}
        </option>
      ))}
    </>
  );
}
