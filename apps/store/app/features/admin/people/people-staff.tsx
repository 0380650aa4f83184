import { useId } from "react";
import { Link } from "react-router";
import { ADMIN_BUTTON, ADMIN_INLINE_FIELD } from "../../../components/ui/back-office-classes.ts";
import { InputField, SelectInput } from "../../../components/ui/back-office-fields.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import type { Locale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { InvitationInput, PeopleRole, RoleInput, StaffRow } from "../../../lib/people-resource.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { RoleOptions, useRoleName } from "./people-request.tsx";

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
  change: ReturnType<typeof useRestChange>;
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
            { path: `/users/${person.id}`, method: "PUT", data: { role } satisfies RoleInput },
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
  const change = useRestChange();
  return (
    <section aria-labelledby="people-staff" className="space-y-3">
      <h2 id="people-staff" className={HEADING}>
        {t("backOffice.people.staff")}
      </h2>
      <Announcement message={change.message} />
      <DataTable
        rows={staff}
        rowKey={(person) => String(person.id)}
        caption={t("backOffice.people.staff")}
        minWidth="min-w-[32rem]"
        alignTop
        rowProps={(person) => ({ "data-user-id": person.id })}
        columns={[
          {
            key: "email",
            header: t("backOffice.people.email"),
            cell: (person) => (
              <>
                <Link to={`/admin/people/${person.id}`} className="break-all underline">
                  {person.email}
                </Link>
                {person.invitationPending && (
                  <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                    {t("backOffice.people.invited")}
                  </span>
                )}
              </>
            ),
          },
          {
            key: "role",
            header: t("backOffice.people.role"),
            cell: (person) => <RoleForm person={person} me={me} change={change} />,
          },
        ]}
      />
    </section>
  );
}

/**
 * Invites someone by e-mail (`POST /users/invitations`): a new account, or a new role for an
 * existing one, and a one-time link to choose a password, mailed in the chosen language.
 */
export function InviteForm() {
  const { t, i18n } = useTranslation();
  const change = useRestChange();
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
      <FormLayout
        className="space-y-3"
        saveLabel={t("backOffice.people.sendInvitation")}
        busy={change.busy}
        onSave={(form) => {
          const fields = new FormData(form);
          const email = String(fields.get("email") ?? "").trim();
          return change
            .send(
              {
                path: "/users/invitations",
                method: "POST",
                data: {
                  email,
                  role: fields.get("role") as PeopleRole,
                  locale: fields.get("locale") as Locale,
                } satisfies InvitationInput,
              },
              t("backOffice.people.invitationSent", { email }),
            )
            .then((sent) => {
              if (sent) form.reset();
              return sent;
            });
        }}
      >
        <InputField
          label={t("backOffice.people.email")}
          name="email"
          value=""
          type="email"
          required
          maxLength={254}
          autoComplete="off"
        />
        <SelectInput label={t("backOffice.people.role")} name="role" value="editor">
          <RoleOptions />
        </SelectInput>
        <SelectInput
          label={t("backOffice.people.language")}
          name="locale"
          value={i18n.language === "es" ? "es" : "en"}
        >
          <option value="en" lang="en">
            English
          </option>
          <option value="es" lang="es">
            Español
          </option>
        </SelectInput>
      </FormLayout>
    </section>
  );
}
