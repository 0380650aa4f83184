import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/** The id of a field's error message, which the error summary and scripts find by it. */
export const errorIdOf = (id: string) => `${id}-error`;

/** Ties a control to its error: invalid, and described by the message, only while there is one. */
export function controlAria(id: string, error: string | null | undefined) {
  return error ? { "aria-invalid": true as const, "aria-describedby": errorIdOf(id) } : {};
}

const CONTROL = "mt-1 w-full rounded border border-stone-300 px-2 py-1 aria-invalid:border-sale";
const LABEL = "block text-sm font-medium";

export type FieldLayout = {
  id: string;
  label: ReactNode;
  /** Already translated. */
  error?: string | null;
  /** The outer element's classes: `form-row`, the hook WooCommerce themes and scripts style and find. */
  className?: string;
  /** Wraps the label and its control in one more element: the floating labels' `fl-wrap`. */
  controlGroupClassName?: string;
  labelClassName?: string;
};

/** A field's error message, or nothing. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={errorIdOf(id)} className="mt-1 text-sm text-sale">
      {error}
    </p>
  );
}

/**
 * The frame every field shares: its label, its control, its error below. The control gets its aria
 * from `controlAria(id, error)`; the controls below do that themselves.
 */
export function Field({
  id,
  label,
  error,
  className = "form-row",
  controlGroupClassName,
  labelClassName = LABEL,
  children,
}: FieldLayout & { children: ReactNode }) {
  const labelled = (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
    </>
  );
  return (
    <div className={className || undefined}>
      {controlGroupClassName ? <div className={controlGroupClassName}>{labelled}</div> : labelled}
      <FieldError id={id} error={error} />
    </div>
  );
}

type Control<Attributes> = FieldLayout & Omit<Attributes, "id" | "className"> & { controlClassName?: string };

function split<T extends FieldLayout & { controlClassName?: string }>(props: T) {
  const { label, error, className, controlGroupClassName, labelClassName, controlClassName, ...control } =
    props;
  return {
    layout: { id: props.id, label, error, className, controlGroupClassName, labelClassName },
    control: { ...control, ...controlAria(props.id, error), className: controlClassName ?? CONTROL },
  };
}

export function TextField(props: Control<InputHTMLAttributes<HTMLInputElement>>) {
  const { layout, control } = split(props);
  return (
    <Field {...layout}>
      <input {...control} />
    </Field>
  );
}

export function SelectField(
  props: Control<SelectHTMLAttributes<HTMLSelectElement>> & { ref?: Ref<HTMLSelectElement> },
) {
  const { layout, control } = split(props);
  return (
    <Field {...layout}>
      <select {...control} />
    </Field>
  );
}

export function TextareaField(props: Control<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { layout, control } = split(props);
  return (
    <Field {...layout}>
      <textarea {...control} />
    </Field>
  );
}

/**
 * A checkbox inside its label. `children` come between the label and the error (the checkout's
 * link to its terms).
 */
export function CheckboxField({
  id,
  label,
  error,
  className,
  labelClassName = "flex items-start gap-2 text-sm",
  children,
  ...input
}: Omit<FieldLayout, "id" | "controlGroupClassName"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className" | "children"> & {
    id?: string;
    children?: ReactNode;
  }) {
  return (
    <div className={className || undefined}>
      <label className={labelClassName}>
        <input id={id} type="checkbox" {...input} {...(id ? controlAria(id, error) : {})} />
        <span>{label}</span>
      </label>
      {children}
      {id && <FieldError id={id} error={error} />}
    </div>
  );
}
