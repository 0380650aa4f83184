import type { ButtonHTMLAttributes, Ref } from "react";
import { Spinner } from "./spinner.tsx";

const variants = {
  primary:
    "bg-brand font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50",
  secondary: "border border-stone-300 hover:bg-stone-100",
};

const sizes = {
  sm: "px-3 py-1",
  md: "px-4 py-2",
  lg: "px-5 py-3",
  /** The product form's and the sticky bar's height, which lines up with the quantity stepper. */
  bar: "h-10 px-5",
};

export type ButtonLook = { variant?: keyof typeof variants; size?: keyof typeof sizes; className?: string };

/**
 * The classes of a button, for the links that look like one (the cart's "Proceed to checkout").
 * `className` goes first: it carries the hooks that themes' and plug-ins' scripts look for
 * (`checkout-button`, `single_add_to_cart_button`), which stay in their place.
 */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className = "",
}: ButtonLook = {}): string {
  return `${className} inline-flex items-center justify-center gap-2 rounded text-center ${variants[variant]} ${sizes[size]}`.trim();
}

/**
 * A button. `pending`, when given, is its `aria-busy` state (scripts and tests read "false" too);
 * while true the spinner shows beside the text, which stays so that the accessible name holds.
 */
export function Button({
  variant,
  size,
  className,
  pending,
  type = "button",
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonLook & { pending?: boolean; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      type={type}
      aria-busy={pending}
      className={buttonClassName({ variant, size, className })}
      {...props}
    >
      {pending && <Spinner className="loading-spinner" />}
      {children}
    </button>
  );
}
