import type { ReactNode } from "react";

/** One boxed section of an order's page, labelled by its heading `order-{name}-heading`. */
export function OrderSection({
  name,
  title,
  className = "",
  children,
}: {
  name: string;
  title: string;
  /** Classes before the box's own (tests and styles find a section by them). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`order-${name}-heading`}
      className={`${className ? `${className} ` : ""}rounded border border-stone-200 p-4`}
    >
      <h2 id={`order-${name}-heading`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
