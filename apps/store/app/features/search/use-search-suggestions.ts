import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { MIN_QUERY_LENGTH, SEARCH_ACTION, type Suggestion } from "../../lib/search-rules.ts";

/**
 * The search box's suggestions: fetched `latency` ms after the last keystroke (a newer search
 * cancels the older), whether the list is open, the option the arrows point at, and whether a
 * search is on its way. `loadOptions` fetches the options' code alongside the first suggestions.
 */
export function useSearchSuggestions({
  latency,
  optionId,
  loadOptions,
}: {
  latency: number;
  optionId: (index: number) => string;
  loadOptions: () => Promise<unknown>;
}) {
  const { i18n } = useTranslation();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function schedule(text: string, categorySlug: string) {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    if ([...text.trim()].length < MIN_QUERY_LENGTH) {
      setLoading(false);
      setSuggestions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => void load(text.trim(), categorySlug), latency);
  }

  async function load(text: string, categorySlug: string) {
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    // The options' code, while the suggestions are fetched.
    void loadOptions().catch(() => {});
    // The page's language, which a `?lang=` address may have chosen over the cookie.
    const url = new URLSearchParams({ action: SEARCH_ACTION, query: text, lang: i18n.language });
    if (categorySlug) url.set("product_cat", categorySlug);
    try {
      const response = await fetch(`/ajax?${url}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      const body = (await response.json()) as { suggestions?: Suggestion[] };
      if (controller.signal.aborted) return;
      setSuggestions(body.suggestions ?? []);
      setOpen((body.suggestions ?? []).length > 0);
      setActive(-1);
      setLoading(false);
    } catch {
      // Spec §8: a failed search only clears the spinner; a newer request keeps its own spinner.
      if (!controller.signal.aborted) setLoading(false);
    }
  }

  /** Stops any search on its way: one still waiting for its delay would open over the results page. */
  function cancel() {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    setLoading(false);
    close();
  }

  const choosable = (index: number) => suggestions[index] !== undefined && suggestions[index].id !== -1;

  function move(step: 1 | -1) {
    if (!open) {
      if (suggestions.length > 0) setOpen(true);
      return;
    }
    for (let tries = 1; tries <= suggestions.length; tries++) {
      const next = (((active + step * tries) % suggestions.length) + suggestions.length) % suggestions.length;
      if (choosable(next)) return setActive(next);
    }
  }

  return { suggestions, open, active, setActive, loading, close, schedule, cancel, choosable, move };
}
