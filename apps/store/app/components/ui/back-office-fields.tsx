import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { ADMIN_FIELD } from "./back-office-classes.ts";

/**
 * The back office's form parts (issue 38): a section, and fields whose label, hint and error are
 * wired for screen readers by the part, not by each form. Fields are uncontrolled: the form reads
 * them when it is sent. A `hint` is drawn under its control and named in its `aria-describedby`,
 * before any ids in `describedBy` (a hint several fields share, the form's error).
 */

/** A section of a form: a fieldset whose legend is its heading. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded border border-stone-200 p-4">
      <legend className="px-1 text-xl font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A hint under a control; the control names its `id` in `aria-describedby`. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-stone-600">
      {children}
    </p>
  );
}

type Described = { hint?: ReactNode; describedBy?: string | undefined };

/** The hint's id (when there is a hint) and the control's `aria-describedby`. */
function useDescription({ hint, describedBy }: Described) {
  const hintId = useId();
  const ids = [hint ? hintId : "", describedBy ?? ""].filter(Boolean).join(" ");
  return { hintId, describedBy: ids || undefined };
}

/** A control under its label, and its hint under both. */
function Labelled({
  label,
  hint,
  hintId,
  children,
}: {
  label: string;
  hint: ReactNode;
  hintId: string;
  children: ReactNode;
}) {
  return (
    <div>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, inside the label. */}
      <label className="block text-sm font-medium">
        {label}
        {children}
      </label>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}

/** A text (or number, url, password) field under its label. */
export function InputField({
  label,
  value,
  hint,
  describedBy,
  ...input
}: { label: string; value: string | number } & Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "aria-describedby">) {
  const description = useDescription({ hint, describedBy });
  return (
    <Labelled label={label} hint={hint} hintId={description.hintId}>
      <input
        defaultValue={value}
        className={ADMIN_FIELD}
        aria-describedby={description.describedBy}
        {...input}
      />
    </Labelled>
  );
}

/**
 * A number field under its label: required, between `min` and `max`, whole numbers unless `step`
 * says otherwise (the settings' days, minutes, percentages …).
 */
export function NumberField({
  step = 1,
  ...field
}: { label: string; value: number; min: number; max: number; step?: number | "any" } & Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "aria-describedby" | "type">) {
  return <InputField type="number" step={step} required {...field} />;
}

/** A select under its label; its options are the children (a `multiple` one's `value` is a list). */
export function SelectInput({
  label,
  value,
  hint,
  describedBy,
  children,
  ...select
}: { label: string; value: string | number | readonly string[]; children: ReactNode } & Described &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "defaultValue" | "aria-describedby">) {
  const description = useDescription({ hint, describedBy });
  return (
    <Labelled label={label} hint={hint} hintId={description.hintId}>
      <select
        defaultValue={value}
        className={ADMIN_FIELD}
        aria-describedby={description.describedBy}
        {...select}
      >
        {children}
      </select>
    </Labelled>
  );
}

/** A select's options, one a value, each shown as `label` says (a translated enum). */
export function ValueOptions<Value extends string>({
  values,
  label,
}: {
  values: readonly Value[];
  label: (value: Value) => string;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

/** A select's options for named choices (tax classes, shipping classes): the slug sent, the name shown. */
export function NamedOptions({ choices }: { choices: readonly { slug: string; name: string }[] }) {
  return choices.map((choice) => (
    <option key={choice.slug} value={choice.slug}>
      {choice.name}
    </option>
  ));
}

/**
 * A checkbox with its text; 24 px, WCAG 2.2's target size (2.5.8). `small` is one of a list
 * (countries, methods): smaller text, closer together.
 */
export function CheckboxInput({
  checked,
  hint,
  describedBy,
  small = false,
  children,
  ...input
}: { checked: boolean; small?: boolean; children: ReactNode } & Described &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "checked" | "defaultChecked" | "aria-describedby">) {
  const description = useDescription({ hint, describedBy });
  return (
    <>
      <label className={small ? "flex items-center gap-2 py-1 text-sm" : "flex items-center gap-2"}>
        <input
          type="checkbox"
          defaultChecked={checked}
          className="h-6 w-6 shrink-0"
          aria-describedby={description.describedBy}
          {...input}
        />
        {children}
      </label>
      {hint && <FieldHint id={description.hintId}>{hint}</FieldHint>}
    </>
  );
}

/** A radio button with its text, one of a group sharing `name`; 24 px like `CheckboxInput`. */
export function RadioInput({
  checked,
  children,
  ...input
}: { checked: boolean; children: ReactNode } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "checked" | "defaultChecked"
>) {
  return (
    <label className="flex items-center gap-2">
      <input type="radio" defaultChecked={checked} className="h-6 w-6 shrink-0" {...input} />
      {children}
    </label>
  );
}

/** A text area under its label (a description). */
export function TextAreaField({
  label,
  value,
  hint,
  describedBy,
  ...textarea
}: { label: string; value: string } & Described &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "defaultValue" | "aria-describedby">) {
  const description = useDescription({ hint, describedBy });
  return (
    <Labelled label={label} hint={hint} hintId={description.hintId}>
      <textarea
        defaultValue={value}
        className={ADMIN_FIELD}
        aria-describedby={description.describedBy}
        {...textarea}
      />
    </Labelled>
  );
}
