import { useEffect, useRef } from "react";

/**
 * A hidden field, inside a `FormLayout`, that holds what an editor will save, as JSON. The layout
 * knows a form is dirty by comparing what the form holds, and an editor's state is not all in
 * fields of the form: blocks and menu items are moved with buttons, a menu's items are edited in
 * forms of their own. Each change is announced to the form with an `input` event, as typing is.
 */
export function DraftField({ value }: { value: unknown }) {
  const field = useRef<HTMLInputElement>(null);
  const json = JSON.stringify(value);
  const announced = useRef(json);
  useEffect(() => {
    // Not when first drawn: that is the form's clean state.
    if (json === announced.current) return;
    announced.current = json;
    field.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [json]);
  return <input ref={field} type="hidden" name="draft" value={json} />;
}
