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

/**
 * The same for a group of controlled selects whose choice is one record (a variable product's
 * attributes): each select registers through the returned ref callback under its name, and on
 * hydration every choice made before it is adopted in one call, so that two choices are not two
 * updates from the same stale record.
 */
export function useChoicesKeptBeforeHydration(
  current: Record<string, string>,
  adopt: (choices: Record<string, string>) => void,
) {
  const fields = useRef(new Map<string, HTMLSelectElement>());
  useLayoutEffect(() => {
    let left = current;
    for (const [name, field] of fields.current) {
      if (field.value !== (current[name] ?? "")) left = { ...left, [name]: field.value };
    }
    if (left !== current) adopt(left);
  }, []);
  return (name: string) => (field: HTMLSelectElement | null) => {
    if (field) fields.current.set(name, field);
    else fields.current.delete(name);
  };
}
