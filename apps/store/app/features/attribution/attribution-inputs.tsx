import { ATTRIBUTION_FIELDS, FIELD_PREFIX } from "@vitrine/attribution";
import { createContext, type ReactNode, useContext, useRef, useSyncExternalStore } from "react";
import { attributionStore } from "./tracking.ts";

const FormScope = createContext<{ rendered: boolean } | null>(null);

/** Wrap a form's content: attribution inputs inside render once, however many times they appear. */
export function AttributionForm({ children }: { children: ReactNode }) {
  const scope = useRef({ rendered: false });
  scope.current.rendered = false;
  return <FormScope.Provider value={scope.current}>{children}</FormScope.Provider>;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      /** WooCommerce's order-attribution element: its script fills the inputs inside it. */
      "wc-order-attribution-inputs": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

/**
 * One hidden input per field, blank until the tracking script fills it (blank without JavaScript),
 * inside the `<wc-order-attribution-inputs>` element that WooCommerce's `order-attribution.js` and the
 * tag managers built for it look for.
 */
export function AttributionInputs() {
  const scope = useContext(FormScope);
  const first = useRef<boolean | null>(null);
  if (first.current === null) {
    first.current = !scope?.rendered;
    if (scope) scope.rendered = true;
  }
  const record = useSyncExternalStore(
    attributionStore.subscribe,
    attributionStore.snapshot,
    attributionStore.serverSnapshot,
  );
  if (!first.current) return null;
  return (
    <wc-order-attribution-inputs>
      {ATTRIBUTION_FIELDS.map((field) => (
        <input key={field} type="hidden" name={`${FIELD_PREFIX}${field}`} value={record[field]} readOnly />
      ))}
    </wc-order-attribution-inputs>
  );
}
