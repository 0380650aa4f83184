import { type ReactNode, useId } from "react";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import type { RestRequest } from "../../../lib/rest-client.ts";
import type { RestChange } from "./use-deletion.ts";

/**
 * A form that adds an attribute or a term, under its heading: `children` are its fields, and
 * `adding` makes the request and what is announced once it is done from what they hold. It empties
 * once added.
 */
export function AddForm({
  heading,
  saveLabel,
  change,
  adding,
  children,
}: {
  heading: string;
  saveLabel: string;
  change: RestChange;
  adding: (form: FormData) => { request: RestRequest; done: string };
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="max-w-xl rounded border border-stone-200 p-4">
      <h2 id={id} className="mb-3 text-xl font-semibold">
        {heading}
      </h2>
      <FormLayout
        className="space-y-3"
        saveLabel={saveLabel}
        busy={change.busy}
        onSave={(form) => {
          const { request, done } = adding(new FormData(form));
          return change.send(request, done).then((added) => {
            if (added) form.reset();
            return added;
          });
        }}
      >
        {children}
      </FormLayout>
    </section>
  );
}
