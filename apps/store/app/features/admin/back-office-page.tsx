import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A back-office page's frame (issue 38): an optional link back to its list, its heading (with an
 * action beside it, such as "Add product"), an introduction, and the notice that says what was just
 * done (saved, deleted …); then the page itself. Each route gives its words; the page draws them the
 * same way everywhere.
 */
export function BackOfficePage({
  title,
  intro,
  back,
  action,
  notice,
  className,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  back?: { to: string; label: string };
  action?: ReactNode;
  notice?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h1 className={`${intro ? "mb-2" : "mb-6"} text-3xl font-semibold break-words`}>{title}</h1>
  );
  return (
    <section className={className}>
      {back && <BackLink to={back.to} label={back.label} className="mb-2" />}
      {action ? (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4 [&>h1]:mb-0">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {intro}
      {notice && (
        <p role="status" className="mb-4 border-l-4 border-brand bg-emerald-50 px-4 py-2">
          {notice}
        </p>
      )}
      {children}
    </section>
  );
}

/** A link back to the list a page belongs to, in a paragraph of its own. */
export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <p className={className}>
      <Link to={to} className="text-brand underline">
        {label}
      </Link>
    </p>
  );
}

/** A back-office page's title in the browser's tab; no search engine lists it. */
export function backOfficeMeta(title?: string) {
  return [...(title === undefined ? [] : [{ title }]), { name: "robots", content: "noindex" }];
}
