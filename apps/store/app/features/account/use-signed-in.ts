import { useSyncExternalStore } from "react";
import { accountHintOf } from "../../lib/account-hint.ts";

const subscribe = () => () => {};
const hintSaysSignedIn = () => accountHintOf(document.cookie) !== null;
const serverSnapshot = () => false;

/**
 * Whether the shopper is signed in: what the server knew, or, on a shared catalogue page (rendered
 * for nobody in particular), what the account hint cookie says once the page has hydrated. The
 * hint is read as a value of its own rather than through `useHydrated`: a shopper without one (the
 * same answer as the server's) costs the components that ask no second render after hydration.
 */
export function useSignedIn(serverSays: boolean): boolean {
  const hinted = useSyncExternalStore(subscribe, hintSaysSignedIn, serverSnapshot);
  return serverSays || hinted;
}
