import { useState } from "react";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { formatDateTime } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { InvitationRow } from "../../../lib/people-resource.ts";
import { Announcement, useRestChange } from "../use-rest-change.tsx";
import { useRoleName } from "./people-request.tsx";

const STATE_TONE: Record<InvitationRow["state"], string> = {
  sent: "bg-amber-100 text-amber-900",
  accepted: "bg-emerald-100 text-emerald-900",
  expired: "bg-stone-200 text-stone-800",
};

/**
 * The invitations (decision 0064): who, as what, sent, accepted or expired, and when. One not
 * accepted can be sent again (`POST /users/invitations/{id}/resend`: a new link, the old one
 * refused) or withdrawn (`DELETE /users/invitations/{id}`, asked first in an alert dialog).
 */
export function InvitationList({ invitations, total }: { invitations: InvitationRow[]; total: number }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const roleName = useRoleName();
  const change = useRestChange();
  const [withdrawing, setWithdrawing] = useState<InvitationRow | null>(null);
  const when = (time: string | null) => (time ? formatDateTime(time, locale) : "—");
  return (
    <section aria-labelledby="people-invitations" className="space-y-3">
      <h2 id="people-invitations" className="mb-3 text-xl font-semibold">
        {t("backOffice.people.invitations.title")}
      </h2>
      <Announcement message={change.message} />
      <p>{t("backOffice.people.invitations.count", { count: total })}</p>
      <DataTable
        rows={invitations}
        rowKey={(invitation) => String(invitation.userId)}
        caption={t("backOffice.people.invitations.title")}
        minWidth="min-w-[44rem]"
        alignTop
        rowProps={(invitation) => ({ "data-invitation-for": invitation.userId })}
        columns={[
          {
            key: "email",
            header: t("backOffice.people.email"),
            cell: (invitation) => <span className="break-all">{invitation.email}</span>,
          },
          {
            key: "role",
            header: t("backOffice.people.role"),
            cell: (invitation) => roleName(invitation.role),
          },
          {
            key: "state",
            header: t("backOffice.people.invitations.state"),
            cell: (invitation) => (
              <span className={`rounded px-2 py-0.5 text-sm ${STATE_TONE[invitation.state]}`}>
                {t(`backOffice.people.invitations.states.${invitation.state}`)}
              </span>
            ),
          },
          {
            key: "sent",
            header: t("backOffice.people.invitations.sent"),
            cell: (invitation) => when(invitation.sentAt),
          },
          {
            key: "ends",
            header: t("backOffice.people.invitations.endsOrAccepted"),
            cell: (invitation) =>
              invitation.state === "accepted"
                ? t("backOffice.people.invitations.acceptedOn", { date: when(invitation.acceptedAt) })
                : t(
                    invitation.state === "expired"
                      ? "backOffice.people.invitations.expiredOn"
                      : "backOffice.people.invitations.expiresOn",
                    { date: when(invitation.expiresAt) },
                  ),
          },
          {
            key: "actions",
            header: <span className="sr-only">{t("backOffice.people.actions")}</span>,
            cell: (invitation) =>
              invitation.state === "accepted" ? null : (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={ADMIN_BUTTON}
                    disabled={change.busy}
                    onClick={() =>
                      void change.send(
                        { path: `/users/invitations/${invitation.userId}/resend`, method: "POST" },
                        t("backOffice.people.invitations.resent", { email: invitation.email }),
                      )
                    }
                  >
                    {t("backOffice.people.invitations.resend")}
                    <span className="sr-only"> {invitation.email}</span>
                  </button>
                  <button
                    type="button"
                    className={ADMIN_BUTTON}
                    disabled={change.busy}
                    onClick={() => setWithdrawing(invitation)}
                  >
                    {t("backOffice.people.invitations.withdraw")}
                    <span className="sr-only"> {invitation.email}</span>
                  </button>
                </div>
              ),
          },
        ]}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        title={
          withdrawing ? t("backOffice.people.invitations.withdrawTitle", { email: withdrawing.email }) : ""
        }
        keepLabel={t("backOffice.people.invitations.keep")}
        confirmLabel={t("backOffice.people.invitations.confirmWithdraw")}
        onKeep={() => setWithdrawing(null)}
        onConfirm={() => {
          const invitation = withdrawing;
          setWithdrawing(null);
          if (invitation)
            void change.send(
              { path: `/users/invitations/${invitation.userId}`, method: "DELETE" },
              t("backOffice.people.invitations.withdrawn", { email: invitation.email }),
            );
        }}
      >
        <p>{t("backOffice.people.invitations.withdrawWarning")}</p>
      </ConfirmDialog>
    </section>
  );
}
