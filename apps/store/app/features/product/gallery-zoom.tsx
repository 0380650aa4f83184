import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Spec §9: how long the zoom's failure text stays. */
export const ZOOM_ERROR_MS = 2500;

type ZoomState = "idle" | "loading" | "ready" | "error";

/**
 * Hover (or touch) zoom over the main image: a flyout with the large image that follows the pointer.
 * It is only switched on for non-mobile user agents, decided on the server (`enabled`).
 */
export function ZoomArea({ enabled, src, children }: { enabled: boolean; src: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ZoomState>("idle");
  const flyoutRef = useRef<HTMLDivElement>(null);
  const active = useRef<string | null>(null);
  const loaded = useRef(new Set<string>());
  const errorTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(errorTimer.current), []);

  if (!enabled) return <div className="relative">{children}</div>;

  const start = () => {
    if (state === "error") return;
    active.current = src;
    if (loaded.current.has(src)) {
      setState("ready");
      return;
    }
    setState("loading");
    const image = new Image();
    image.onload = () => {
      loaded.current.add(src);
      if (active.current === src) setState("ready");
    };
    image.onerror = () => {
      if (active.current !== src) return;
      setState("error");
      window.clearTimeout(errorTimer.current);
      errorTimer.current = window.setTimeout(() => setState("idle"), ZOOM_ERROR_MS);
    };
    image.src = src;
  };
  const follow = (event: React.PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * 100;
    const y = ((event.clientY - rect.top) / rect.height) * 100;
    flyoutRef.current?.style.setProperty("background-position", `${x.toFixed(1)}% ${y.toFixed(1)}%`);
  };
  const stop = () => {
    active.current = null;
    setState((current) => (current === "error" ? current : "idle"));
  };

  return (
    <div className="relative" onPointerEnter={start} onPointerMove={follow} onPointerLeave={stop}>
      {children}
      <div
        ref={flyoutRef}
        data-state={state}
        className="zoom-flyout pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded bg-white bg-no-repeat data-[state=idle]:hidden"
        style={state === "ready" ? { backgroundImage: `url("${src}")`, backgroundSize: "220%" } : undefined}
        role="status"
      >
        {state === "loading" && (
          <p className="rounded bg-stone-900/80 px-3 py-1 text-sm text-white">{t("product.zoomLoading")}</p>
        )}
        {state === "error" && (
          <p className="rounded bg-sale px-3 py-1 text-sm text-white">{t("product.zoomError")}</p>
        )}
      </div>
    </div>
  );
}
