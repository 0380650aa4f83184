import type { Suggestion } from "../../lib/search-rules.ts";

/**
 * The live search's options (the header search's listbox, `search-box.tsx`): loaded with the first
 * search. Options never take focus; the keyboard chooses through the field.
 */
export default function SuggestionOptions({
  suggestions,
  active,
  optionId,
  onChoose,
  onPoint,
}: {
  suggestions: Suggestion[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (suggestion: Suggestion) => void;
  onPoint: (index: number) => void;
}) {
  return suggestions.map((suggestion, index) =>
    suggestion.id === -1 ? (
      <div
        key="none"
        id={optionId(index)}
        role="option"
        aria-selected={false}
        aria-disabled="true"
        tabIndex={-1}
        className="px-3 py-2 text-sm text-stone-700"
      >
        {suggestion.value}
      </div>
    ) : (
      // biome-ignore lint/a11y/useKeyWithClickEvents: options never take focus; the keyboard chooses through the field (arrow keys, Enter, aria-activedescendant), per the APG combobox pattern
      <div
        key={suggestion.id}
        id={optionId(index)}
        role="option"
        aria-selected={index === active}
        tabIndex={-1}
        // Keeps focus in the field, so the blur does not close the list before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onChoose(suggestion)}
        onMouseMove={() => onPoint(index)}
        className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm aria-selected:bg-stone-100"
      >
        {suggestion.img ? (
          <img src={suggestion.img} alt="" width={40} height={40} className="size-10 rounded object-cover" />
        ) : (
          <span className="size-10 rounded bg-stone-100" />
        )}
        <span className="flex-1">{suggestion.value}</span>
        <span className="font-semibold">{suggestion.price}</span>
      </div>
    ),
  );
}
