import type { ReactNode } from "react";

/**
 * A 20 × 20 line icon drawn in the text's colour. Decorative: the control it sits in carries the
 * name (an `aria-label` or visually hidden words).
 */
export function LineIcon({ className = "h-5 w-5", children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
