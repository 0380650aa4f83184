import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { pageRestClient, RestClientError } from "../../lib/rest-client.ts";
import { SaveOutcome } from "./save-error.tsx";

/** What a form makes of its fields: the settings' change to send, or why it sends nothing. */
export type SettingsPatch = { data: Record<string, unknown> } | { refused: string };

/**
 * A back-office form that saves store settings and stays on its page (the tax options, the mails):
 * one `PUT /settings` at a time, the page's data read again, then `saved` (or the refusal, the
 * form's own check's or the route's in the reader's language) in the save bar. The answer is
 * `FormLayout`'s `busy`, `onSave` and `messages` (spread into it); `patch` makes the change from
 * the form.
 */
export function useSettingsSave(saved: string, patch: (form: HTMLFormElement) => SettingsPatch) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { error: string } | null>(null);

  async function onSave(form: HTMLFormElement): Promise<boolean> {
    if (busy) return false;
    const change = patch(form);
    if ("refused" in change) {
      setOutcome({ error: change.refused });
      return false;
    }
    setBusy(true);
    setOutcome(null);
    try {
      await pageRestClient().request({ path: "/settings", method: "PUT", data: change.data });
      // Said once the page holds what was saved (a hint that depends on it, the rates' classes).
      await revalidator.revalidate();
      setOutcome({ saved: true });
      return true;
    } catch (failure) {
      setOutcome({ error: failure instanceof RestClientError ? failure.translated(t) : String(failure) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const messages = (
    <SaveOutcome
      error={outcome && "error" in outcome ? outcome.error : null}
      saved={outcome && "saved" in outcome ? saved : null}
    />
  );
  return { busy, onSave, messages };
}
