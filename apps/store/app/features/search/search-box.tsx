import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { MIN_QUERY_LENGTH, SEARCH_ACTION, type Suggestion } from "../../lib/search-rules.ts";

/** The suggestions' options: their code comes with the first search (most pages never show any). */
const loadOptions = () => import("./suggestion-options.tsx");
const SuggestionOptions = lazyPart("search-suggestions", loadOptions);

export type SearchCategoryOption = { slug: string; name: string; depth: number };

type Props = {
  /** The `search_result_latency` setting, in milliseconds. */
  latency: number;
  categories: SearchCategoryOption[];
};

/**
 * The header search: a plain GET form to the results page that JavaScript turns into an ARIA 1.2
 * combobox (WAI-ARIA APG "list autocomplete" pattern) with live suggestions. Written by hand because
 * React Aria's ComboBox adds about 62 KB of gzipped JavaScript to every page; this adds about 2 KB.
 */
export function SearchBox({ latency, categories }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onResultsPage = location.pathname === "/search";
  const params = new URLSearchParams(location.search);
  const [query, setQuery] = useState(onResultsPage ? (params.get("s") ?? "") : "");
  const [category, setCategory] = useState(onResultsPage ? (params.get("product_cat") ?? "") : "");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  // The combobox roles only once scripts run: before that (or without them) it is a plain search field.
  const [enhanced, setEnhanced] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => setEnhanced(true), []);
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

  function choose(suggestion: Suggestion) {
    if (suggestion.id === -1) return;
    close();
    setQuery(suggestion.value);
    navigate(suggestion.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && open && active >= 0 && choosable(active)) {
      event.preventDefault();
      choose(suggestions[active]!);
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        close();
      } else if (query) {
        setQuery("");
        schedule("", category);
      }
    }
  }

  const count = suggestions.filter((suggestion) => suggestion.id !== -1).length;
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="relative flex w-full items-stretch gap-1 sm:w-auto sm:flex-1"
      onSubmit={() => {
        // A search still waiting for its delay would open suggestions over the results page.
        clearTimeout(timer.current);
        inFlight.current?.abort();
        setLoading(false);
        close();
      }}
    >
      <label htmlFor={`${id}-category`} className="sr-only">
        {t("search.category")}
      </label>
      <select
        id={`${id}-category`}
        name="product_cat"
        value={category}
        onChange={(event) => {
          setCategory(event.target.value);
          schedule(query, event.target.value);
        }}
        className="max-w-36 rounded-l border border-stone-300 bg-white px-2 text-sm"
      >
        <option value="">{t("search.allCategories")}</option>
        {categories.map((option) => (
          <option key={option.slug} value={option.slug}>
            {"\u00a0\u00a0".repeat(option.depth) + option.name}
          </option>
        ))}
      </select>
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t("search.label")}
        </label>
        <input
          id={`${id}-input`}
          type="search"
          name="s"
          value={query}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          maxLength={200}
          className="w-full border border-stone-300 px-3 py-2 pr-8"
          onChange={(event) => {
            setQuery(event.target.value);
            schedule(event.target.value, category);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          {...(enhanced && {
            role: "combobox",
            "aria-autocomplete": "list" as const,
            "aria-expanded": open,
            "aria-controls": listId,
            "aria-activedescendant": open && active >= 0 ? optionId(active) : undefined,
          })}
        />
        {loading && (
          <Spinner tone="muted" className="search-spinner absolute top-1/2 right-2 -translate-y-1/2" />
        )}
        {enhanced && (
          <div
            id={listId}
            role="listbox"
            aria-label={t("search.suggestions")}
            hidden={!open}
            className="absolute top-full right-0 left-0 z-30 mt-1 max-h-[300px] overflow-y-auto rounded border border-stone-200 bg-white shadow-lg"
          >
            {suggestions.length > 0 && (
              <PartSlot>
                <SuggestionOptions
                  suggestions={suggestions}
                  active={active}
                  optionId={optionId}
                  onChoose={choose}
                  onPoint={setActive}
                />
              </PartSlot>
            )}
          </div>
        )}
        {/* Spec §8: the notice exists for themes that style it, but a failed or empty search never shows it. */}
        <p className="search-no-results" hidden aria-disabled="true">
          {t("search.noResults")}
        </p>
        <div role="status" className="sr-only">
          {loading ? t("search.loading") : open && count > 0 ? t("search.suggestionCount", { count }) : ""}
        </div>
      </div>
      <button
        type="submit"
        className="rounded-r bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark"
      >
        {t("search.submit")}
      </button>
    </Form>
  );
}
