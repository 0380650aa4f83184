import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
} from "react";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Spec §9: a script part that has not arrived after this long counts as failed. */
export const PART_LOAD_TIMEOUT_MS = 120_000;

export class PartLoadError extends Error {
  override name = "PartLoadError";
  constructor(
    readonly part: string,
    cause?: unknown,
  ) {
    super(`Loading chunk ${part} failed.`, { cause });
  }
}

/**
 * `React.lazy` for a part of the page whose code loads on first use (a dialog, a lightbox, quick
 * view): a load that fails, or takes longer than 120 s, becomes a `PartLoadError` that the nearest
 * `PartSlot` shows as "Loading chunk {part} failed." with a way to reload, never a blank widget.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of the loaded component are the caller's.
export function lazyPart<T extends ComponentType<any>>(
  part: string,
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new PartLoadError(part)), PART_LOAD_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(new PartLoadError(part, error));
          },
        );
      }),
  );
}

/** Shows a part's failed load in place of the part; any other error goes on to the page's boundary. */
class PartBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error instanceof PartLoadError) return <PartFailed part={error.part} />;
    if (error) throw error;
    return this.props.children;
  }
}

/** Where a `lazyPart` renders: nothing while its code loads, the failure in its place if it fails. */
export function PartSlot({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <PartBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartBoundary>
  );
}

function PartFailed({ part }: { part: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="part-load-failed my-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      {t("site.partFailed", { id: part })}{" "}
      <button type="button" className="font-semibold underline" onClick={() => window.location.reload()}>
        {t("site.reload")}
      </button>
    </div>
  );
}
