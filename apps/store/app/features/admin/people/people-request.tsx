import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { PEOPLE_ROLES, type PeopleRole } from "../../../lib/people-resource.ts";
import { pageRestClient, RestClientError, type RestRequest } from "../../../lib/rest-client.ts";

type Message = { text: string; error: boolean };

/**
 * One change of the people pages through the REST client (decision 0038): while it runs the forms
 * are busy; then the page's data is read again and `done` (or the refusal, in the page's language)
 * is announced where `Announcement` stands.
 */
export function usePeopleChange() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  async function send(request: RestRequest, done: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setMessage(null);
    try {
      await pageRestClient().request(request);
      await revalidator.revalidate();
      setMessage({ text: done, error: false });
      return true;
    } catch (failure) {
      setMessage({
        text: failure instanceof RestClientError ? failure.translated(t) : String(failure),
        error: true,
      });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { send, busy, message };
}

/**
 * The outcome of the last change: a live region that is always in the page (so screen readers
 * announce what is put in it), and an alert for a refusal.
 */
export function Announcement({ message }: { message: Message | null }) {
  return (
    <>
      <p
        role="status"
        className={message && !message.error ? "border-l-4 border-brand bg-emerald-50 px-4 py-2" : ""}
      >
        {message && !message.error ? message.text : ""}
      </p>
      {message?.error && (
        <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {message.text}
        </p>
      )}
    </>
  );
}

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
