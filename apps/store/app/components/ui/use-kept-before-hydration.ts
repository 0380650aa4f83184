import { useLayoutEffect, useRef } from "react";

/**
 * A ref for a controlled field that keeps what the shopper typed or chose before the page's scripts
 * ran. The server's HTML works at once, and hydration leaves the element's value as the shopper set
 * it, but the state still holds the server's: the next render (the first one after hydration, or
 * the form's own submit) would put the old value back, and the form would send it. So on hydration,
 * once, the state takes the element's value when the two differ; on a mount after a client-side
 * navigation they never do.
 */
export function useKeptBeforeHydration<Element extends HTMLInputElement | HTMLSelectElement>(
  current: string,
  adopt: (value: string) => void,
) {
  const field = useRef<Element>(null);
  // Once, on hydration (no dependencies): later the element and the state change together.
  useLayoutEffect(() => {
    const left = field.current?.value;
    if (left !== undefined && left !== current) adopt(left);
  }, []);
  return field;
}
