import { useEffect, useId, useRef, useState } from "react";
import type { eventWithTime } from "rrweb";
import type RrwebPlayer from "rrweb-player";
import { ADMIN_INLINE_FIELD, ADMIN_SAVE_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { isLocale } from "../../../i18n/i18n.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { pageRestClient } from "../../../lib/rest-client.ts";
import type { RecordingSummary } from "../../../lib/session-recording.ts";

const SPEEDS = [1, 2, 4, 8] as const;

/** `m:ss` (or `h:mm:ss`) of a position in the recording. */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

/**
 * A session's recording in the back office (decision 0041): when, how long and which pages, then the
 * replay. rrweb-player and its stylesheet are loaded by this page alone, once it is shown, together
 * with the events (too large to ride in the document); its own controls are replaced by native ones
 * (a button, a slider, a select and a checkbox) with the store's labels, usable from the keyboard.
 */
export function SessionReplay({ session, summary }: { session: string; summary: RecordingSummary | null }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  if (!summary) {
    return (
      <div className="space-y-4">
        <p className="break-all text-sm text-stone-700">
          {t("backOffice.sessionReplay.session")}: <code>{session}</code>
        </p>
        <p className="border-l-4 border-amber-500 bg-amber-50 px-4 py-3">
          {t("backOffice.sessionReplay.none")}
        </p>
      </div>
    );
  }
  const seconds = Math.round(summary.durationMs / 1000);
  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("backOffice.sessionReplay.session")}</dt>
        <dd className="break-all">
          <code>{session}</code>
        </dd>
        <dt className="font-semibold">{t("backOffice.sessionReplay.recordedOn")}</dt>
        <dd>{formatDateTime(summary.startedAt, locale)}</dd>
        <dt className="font-semibold">{t("backOffice.sessionReplay.duration")}</dt>
        <dd>
          {t("backOffice.sessionReplay.durationValue", {
            minutes: Math.floor(seconds / 60),
            seconds: seconds % 60,
          })}
        </dd>
        <dt className="font-semibold">{t("backOffice.sessionReplay.pages")}</dt>
        <dd>
          <ul>
            {summary.pages.map((page) => (
              <li key={page} className="break-all">
                <code>{page}</code>
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <p className="text-sm text-stone-700">{t("backOffice.sessionReplay.privacy")}</p>
      <ReplayPlayer session={session} />
    </div>
  );
}

type PlayerState = "loading" | "failed" | "ready";

/** The replay: its frame, what it says while it loads, and its controls once it is ready. */
function ReplayPlayer({ session }: { session: string }) {
  const { t } = useTranslation();
  const replay = useReplay(session);
  return (
    <section aria-labelledby="session-replay-player" className="space-y-3">
      <h2 id="session-replay-player" className="text-xl font-semibold">
        {t("backOffice.sessionReplay.player")}
      </h2>
      <p role="status" className={replay.state === "ready" ? "sr-only" : ""}>
        {replay.state === "loading" && t("backOffice.sessionReplay.loading")}
        {replay.state === "failed" && t("backOffice.sessionReplay.failed")}
      </p>
      <div
        ref={replay.frame}
        className="session-replay-frame w-full overflow-hidden rounded border border-stone-200"
      />
      {replay.state === "ready" && <ReplayControls replay={replay} />}
    </section>
  );
}

/**
 * rrweb-player in `frame`, made once its code, its stylesheet and the session's events have come,
 * and destroyed with the page; its position and whether it plays, as React state.
 */
function useReplay(session: string) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const player = useRef<RrwebPlayer | null>(null);
  const [state, setState] = useState<PlayerState>("loading");
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [total, setTotal] = useState(0);
  // The frame's title, read when the player is made (its text follows the page's language).
  const frameTitle = useRef(t("backOffice.sessionReplay.frame"));
  frameTitle.current = t("backOffice.sessionReplay.frame");

  useEffect(() => {
    let cancelled = false;
    let stylesheet: HTMLLinkElement | undefined;
    // The events are fetched here, not by the loader: a recording can be megabytes, and only the
    // player, which this page loads in the browser, reads them.
    Promise.all([
      import("rrweb-player"),
      import("rrweb-player/dist/style.css?url"),
      pageRestClient().request<{ events: eventWithTime[] }>({
        path: `/analytics/sessions/${encodeURIComponent(session)}/recording`,
      }),
    ])
      .then(([{ default: Player }, { default: href }, recording]) => {
        if (cancelled || !frame.current) return;
        stylesheet = document.createElement("link");
        stylesheet.rel = "stylesheet";
        stylesheet.href = href;
        document.head.append(stylesheet);
        const width = frame.current.clientWidth || 960;
        const autoPlay = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        const made = new Player({
          target: frame.current,
          props: {
            events: recording.events,
            width,
            height: Math.round(width * 0.6),
            autoPlay,
            showController: false,
            skipInactive: true,
            mouseTail: false,
          },
        });
        player.current = made;
        made.getReplayer().iframe.title = frameTitle.current;
        made.addEventListener("ui-update-current-time", (detail) => {
          setCurrent((detail as { payload: number }).payload);
        });
        made.addEventListener("ui-update-player-state", (detail) => {
          setPlaying((detail as { payload: string }).payload === "playing");
        });
        setTotal(made.getMetaData().totalTime);
        setPlaying(autoPlay);
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      const made = player.current;
      player.current = null;
      made?.pause();
      // A Svelte component (rrweb-player bundles Svelte, whose types it does not bring).
      (made as unknown as { $destroy(): void } | null)?.$destroy();
      stylesheet?.remove();
    };
  }, [session]);

  return { frame, player, state, playing, current, setCurrent, total };
}

/** Native controls in the store's words: play or pause, the position, the speed, skipping idle time. */
function ReplayControls({ replay }: { replay: ReturnType<typeof useReplay> }) {
  const { t } = useTranslation();
  const { player, playing, current, setCurrent, total } = replay;
  const [speed, setSpeed] = useState<number>(1);
  const [skipInactive, setSkipInactive] = useState(true);
  const ids = { speed: useId(), skip: useId(), position: useId() };

  const toggle = () => {
    const made = player.current;
    if (!made) return;
    // At the end, Play starts again from the beginning.
    if (!playing && current >= total) made.goto(0, true);
    else made.toggle();
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <button type="button" onClick={toggle} className={ADMIN_SAVE_BUTTON}>
        {playing ? t("backOffice.sessionReplay.pause") : t("backOffice.sessionReplay.play")}
      </button>
      <label htmlFor={ids.position} className="sr-only">
        {t("backOffice.sessionReplay.position")}
      </label>
      <input
        id={ids.position}
        type="range"
        min={0}
        max={Math.max(total, 1)}
        step={1000}
        value={Math.min(current, total)}
        aria-valuetext={t("backOffice.sessionReplay.positionValue", {
          current: clock(current),
          total: clock(total),
        })}
        onChange={(event) => {
          const position = Number(event.currentTarget.value);
          setCurrent(position);
          player.current?.goto(position, playing);
        }}
        className="min-w-48 flex-1"
      />
      <span aria-hidden="true" className="tabular-nums">
        {clock(current)} / {clock(total)}
      </span>
      <span className="flex items-center gap-2">
        <label htmlFor={ids.speed}>{t("backOffice.sessionReplay.speed")}</label>
        <select
          id={ids.speed}
          value={speed}
          onChange={(event) => {
            const chosen = Number(event.currentTarget.value);
            setSpeed(chosen);
            player.current?.setSpeed(chosen);
          }}
          className={ADMIN_INLINE_FIELD}
        >
          {SPEEDS.map((choice) => (
            <option key={choice} value={choice}>
              {choice}×
            </option>
          ))}
        </select>
      </span>
      <span className="flex items-center gap-2">
        <input
          id={ids.skip}
          type="checkbox"
          checked={skipInactive}
          onChange={() => {
            setSkipInactive(!skipInactive);
            player.current?.toggleSkipInactive();
          }}
        />
        <label htmlFor={ids.skip}>{t("backOffice.sessionReplay.skipInactive")}</label>
      </span>
    </div>
  );
}
