import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { pageRestClient, RestClientError, type RestRequest } from "../../lib/rest-client.ts";

type Message = { text: string; error?: boolean };

/**
 * A back-office change that stays on its page (a role, a token, a review's status) through the
 * REST client: while it runs the page's forms are busy; then the page's data is read again and
 * `done` (or the refusal, in the page's language) is announced where `Announcement` stands. Several
 * requests (a bulk action) are sent one after the other; the first refusal stops them.
 */
export function useRestChange() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  /**
   * `refused`, when given, sees a refusal first: answering true, the page shows it its own way (a
   * deletion that names what stands in its way) and nothing is announced here.
   */
  async function send(
    requests: RestRequest | readonly RestRequest[],
    done: string,
    refused?: (failure: RestClientError) => boolean,
  ): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setMessage(null);
    try {
      try {
        for (const request of "path" in requests ? [requests] : requests)
          await pageRestClient().request(request);
      } finally {
        // What was done before a refusal shows too.
        await revalidator.revalidate();
      }
      setMessage({ text: done, error: false });
      return true;
    } catch (failure) {
      if (failure instanceof RestClientError && refused?.(failure)) return false;
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
 * announce what is put in it), and an alert for a refusal. `name` is a class of both (a page's
 * tests and styles find its announcement by it: `{name}-message`, `{name}-error`).
 */
export function Announcement({ message, name }: { message: Message | null; name?: string }) {
  const named = (part: string) => (name ? `${name}-${part} ` : "");
  return (
    <>
      <p
        role="status"
        className={`${named("message")}${message && !message.error ? "rounded border-l-4 border-brand bg-emerald-50 px-4 py-2" : "sr-only"}`}
      >
        {message && !message.error ? message.text : ""}
      </p>
      {message?.error && (
        <p role="alert" className={`${named("error")}rounded border-l-4 border-sale bg-red-50 px-4 py-2`}>
          {message.text}
        </p>
      )}
    </>
  );
}
