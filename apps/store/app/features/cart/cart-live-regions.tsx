import { useSyncExternalStore } from "react";
import { cartMessages } from "./cart-messages.ts";

/**
 * The live regions for asynchronous cart changes. The polite one exists from the first render, so
 * screen readers already watch it when a message arrives.
 */
export function CartLiveRegions() {
  const { status, error } = useSyncExternalStore(
    cartMessages.subscribe,
    cartMessages.get,
    cartMessages.getServer,
  );
  return (
    <>
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {status && <span key={status.id}>{status.text}</span>}
      </div>
      {/* An alert announces itself when it is inserted, so it exists only while there is one. */}
      {error && (
        <div
          key={error.id}
          role="alert"
          className="fixed bottom-4 left-1/2 z-50 w-[min(32rem,90vw)] -translate-x-1/2 border-l-4 border-sale bg-red-50 px-4 py-3 shadow-lg"
        >
          {error.text}
        </div>
      )}
    </>
  );
}
