import { useId } from "react";
import { Link } from "react-router";
import {
  ADMIN_BUTTON,
  ADMIN_FIELD,
  ADMIN_INLINE_FIELD,
  ADMIN_PRIMARY_BUTTON,
} from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { PeopleRole, StaffRow } from "../../../lib/admin-people.ts";
import { Announcement, RoleOptions, usePeopleChange, useRoleName } from "./people-request.tsx";

const HEADING = "mb-3 text-xl font-semibold";

/**
 * An account's role, changed in place (`PUT /users/{id}`). The server refuses taking away one's
 * own administrator role and leaving the store without an administrator; its refusal is shown.
 */
export function RoleForm({
  person,
  me,
  change,
}: {
  person: { id: number; email: string; role: PeopleRole };
  me: number | null;
  change: ReturnType<typeof usePeopleChange>;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const role = String(new FormData(form).get("role") ?? "") as PeopleRole;
        void change
          .send(
            { path: `/users/${person.id}`, method: "PUT", data: { role } },
            t("backOffice.people.roleSaved", { email: person.email, role: roleName(role) }),
          )
          .then((saved) => {
            // A refused change shows the role the account still has.
            if (!saved) form.reset();
          });
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {t("backOffice.people.roleOf", { email: person.email })}
      </label>
      <select id={id} name="role" defaultValue={person.role} key={person.role} className={ADMIN_INLINE_FIELD}>
        <RoleOptions />
      </select>
      <button type="submit" className={ADMIN_BUTTON} disabled={change.busy}>
        {t("backOffice.people.saveRole")}
        <span className="sr-only"> {person.email}</span>
      </button>
      {person.id === me && <span className="text-sm text-stone-700">{t("backOffice.people.you")}</span>}
    </form>
  );
}

/** The editors and administrators, each role changed in place. */
export function StaffList({ staff, me }: { staff: StaffRow[]; me: number | null }) {
  const { t } = useTranslation();
  const change = usePeopleChange();
  return (
    <section aria-labelledby="people-staff" className="space-y-3">
      <h2 id="people-staff" className={HEADING}>
        {t("backOffice.people.staff")}
      </h2>
      <Announcement message={change.message} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">{t("backOffice.people.staff")}</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2">
                {t("backOffice.people.email")}
              </th>
              <th scope="col">{t("backOffice.people.role")}</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((person) => (
              <tr key={person.id} className="border-b border-stone-200 align-top" data-user-id={person.id}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  <Link to={`/admin/people/${person.id}`} className="break-all underline">
                    {person.email}
                  </Link>
                  {person.invitationPending && (
                    <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                      {t("backOffice.people.invited")}
                    </span>
                  )}
                </th>
                <td className="py-2">
                  <RoleForm person={person} me={me} change={change} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Invites someone by e-mail (`POST /users/invitations`): a new account, or a new role for an
 * existing one, and a one-time link to choose a password, mailed in the chosen language.
 */
export function InviteForm() {
  const { t, i18n } = useTranslation();
  const change = usePeopleChange();
  return (
    <section
      aria-labelledby="people-invite"
      className="max-w-xl space-y-3 rounded border border-stone-200 p-4"
    >
      <h2 id="people-invite" className={HEADING}>
        {t("backOffice.people.invite")}
      </h2>
      <p className="text-sm text-stone-700">{t("backOffice.people.inviteHint")}</p>
      <Announcement message={change.message} />
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const fields = new FormData(form);
          const email = String(fields.get("email") ?? "").trim();
          void change
            .send(
              {
                path: "/users/invitations",
                method: "POST",
                data: { email, role: fields.get("role"), locale: fields.get("locale") },
              },
              t("backOffice.people.invitationSent", { email }),
            )
            .then((sent) => {
              if (sent) form.reset();
            });
        }}
      >
        <label className="block text-sm font-medium">
          {t("backOffice.people.email")}
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            className={ADMIN_FIELD}
          />
        </label>
        <label className="block text-sm font-medium">
          {t("backOffice.people.role")}
          <select name="role" defaultValue="editor" className={ADMIN_FIELD}>
            <RoleOptions />
          </select>
        </label>
        <label className="block text-sm font-medium">
          {t("backOffice.people.language")}
          <select name="locale" defaultValue={i18n.language === "es" ? "es" : "en"} className={ADMIN_FIELD}>
            <option value="en" lang="en">
              English
            </option>
            <option value="es" lang="es">
              Español
            </option>
          </select>
        </label>
        <button type="submit" disabled={change.busy} className={ADMIN_PRIMARY_BUTTON}>
          {t("backOffice.people.sendInvitation")}
        </button>
      </form>
    </section>
  );
}
