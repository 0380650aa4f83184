import { useState } from "react";
import { type NavigateOptions, useNavigate } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { pageRestClient, RestClientError, type RestRequest } from "../../lib/rest-client.ts";

/**
 * A back-office form's write through the REST API, the one way every form does it: one request at
 * a time (a second click while one is on its way does nothing), the route's refusal shown in the
 * reader's language, and, once answered, the page sent on to the address `then` makes of the answer.
 * `error` is the message to draw; `setError` lets a form show its own check's refusal the same way.
 */
export function useRestSave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** `true` once the request is answered and the page sent on; `false` if refused or already saving. */
  async function send<T>(
    request: RestRequest,
    then: (answer: T) => string,
    options?: NavigateOptions,
  ): Promise<boolean> {
    if (saving) return false;
    setSaving(true);
    setError(null);
    try {
      const answer = await pageRestClient().request<T>(request);
      navigate(then(answer), options);
      return true;
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, error, setError, send };
}
