import type { ReactNode, Ref } from "react";

export type SummaryError = { id: string; label: string; message: string };

/**
 * The list of what to fix, above a form: each entry links to its field. It is an alert, and it takes
 * focus when a script moves it there (`tabIndex={-1}`). `notice` is a message about the whole form.
 */
export function ErrorSummary({
  title,
  errors,
  notice,
  className = "",
  ref,
}: {
  title: string;
  errors: SummaryError[];
  notice?: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  if (!notice && errors.length === 0) return null;
  return (
    <div
      ref={ref}
      role="alert"
      className={`${className} mb-6 border-l-4 border-sale bg-red-50 px-4 py-3`.trim()}
      tabIndex={-1}
    >
      {notice && <p>{notice}</p>}
      {errors.length > 0 && (
        <>
          <p className="font-semibold">{title}</p>
          <ul className="list-disc pl-5">
            {errors.map((error) => (
              <li key={error.id}>
                <a href={`#${error.id}`} className="underline">
                  {error.label}: {error.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
