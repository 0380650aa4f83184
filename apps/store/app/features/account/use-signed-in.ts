import { useHydrated } from "../../components/ui/use-hydrated.ts";
import { accountHintOf } from "../../lib/account-hint.ts";

/**
 * Whether the shopper is signed in: what the server knew, or, on a shared catalogue page (rendered
 * for nobody in particular), what the account hint cookie says once the page has hydrated.
 */
export function useSignedIn(serverSays: boolean): boolean {
  const hydrated = useHydrated();
  return serverSays || (hydrated && accountHintOf(document.cookie) !== null);
}
