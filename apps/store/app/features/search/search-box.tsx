import { type KeyboardEvent, type Ref, useEffect, useId, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useKeptBeforeHydration } from "../../components/ui/use-kept-before-hydration.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { Suggestion } from "../../lib/search-rules.ts";
import { useSearchSuggestions } from "./use-search-suggestions.ts";

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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const onResultsPage = location.pathname === "/search";
  const params = new URLSearchParams(location.search);
  const [query, setQuery] = useState(onResultsPage ? (params.get("s") ?? "") : "");
  const [category, setCategory] = useState(onResultsPage ? (params.get("product_cat") ?? "") : "");
  const queryField = useKeptBeforeHydration<HTMLInputElement>(query, setQuery);
  const categoryField = useKeptBeforeHydration<HTMLSelectElement>(category, setCategory);
  // The combobox roles only once scripts run: before that (or without them) it is a plain search field.
  const [enhanced, setEnhanced] = useState(false);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => setEnhanced(true), []);
  const search = useSearchSuggestions({ latency, optionId, loadOptions });
  const { suggestions, open, active, loading, close, schedule } = search;

  function choose(suggestion: Suggestion) {
    if (suggestion.id === -1) return;
    close();
    setQuery(suggestion.value);
    navigate(suggestion.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      search.move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && open && active >= 0 && search.choosable(active)) {
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
      onSubmit={search.cancel}
    >
      <SearchCategorySelect
        field={categoryField}
        id={`${id}-category`}
        value={category}
        categories={categories}
        onChange={(slug) => {
          setCategory(slug);
          schedule(query, slug);
        }}
      />
      <div className="relative min-w-0 flex-1">
        <label htmlFor={`${id}-input`} className="sr-only">
          {t("search.label")}
        </label>
        <input
          ref={queryField}
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
                  onPoint={search.setActive}
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

/** The category to search in, before the field; "all categories" first. */
function SearchCategorySelect({
  field,
  id,
  value,
  categories,
  onChange,
}: {
  field: Ref<HTMLSelectElement>;
  id: string;
  value: string;
  categories: SearchCategoryOption[];
  onChange: (slug: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("search.category")}
      </label>
      <select
        ref={field}
        id={id}
        name="product_cat"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-36 rounded-l border border-stone-300 bg-white px-2 text-sm"
      >
        <option value="">{t("search.allCategories")}</option>
        {categories.map((option) => (
          <option key={option.slug} value={option.slug}>
            {"\u00a0\u00a0".repeat(option.depth) + option.name}
          </option>
        ))}
      </select>
    </>
  );
}
