import { useId, useState } from "react";
import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { CheckboxInput } from "../../../components/ui/back-office-fields.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";

export type NamedChoice = { id: number; name: string };

/**
 * A list of checkboxes (`name`: one field per chosen id) with a filter above it: the product form's
 * pickers of products and tags. Filtered-out boxes are hidden, not removed, so the form still sends
 * what is chosen; the chosen ones come first.
 */
export function ChoiceFilterList({
  legend,
  name,
  choices,
  chosen,
  hint,
}: {
  legend: string;
  name: string;
  choices: readonly NamedChoice[];
  chosen: readonly number[];
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [filter, setFilter] = useState("");
  // How many are chosen, as the boxes say now (the boxes keep their own state for the form).
  const [count, setCount] = useState(chosen.length);
  const needle = filter.trim().toLowerCase();
  const ordered = [
    ...chosen.flatMap((chosenId) => choices.filter((choice) => choice.id === chosenId)),
    ...choices.filter((choice) => !chosen.includes(choice.id)),
  ];
  const matches = (choice: NamedChoice) => !needle || choice.name.toLowerCase().includes(needle);
  return (
    <fieldset className="space-y-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="font-medium">
        {legend}{" "}
        <span className="text-sm font-normal text-stone-600">
          {t("backOffice.products.chosenCount", { count })}
        </span>
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      <label className="block text-sm">
        {t("backOffice.products.filterChoices", { what: legend.toLowerCase() })}
        <input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className={ADMIN_FIELD}
        />
      </label>
      <ul className="max-h-48 overflow-y-auto rounded border border-stone-200 px-2">
        {ordered.map((choice) => (
          <li key={choice.id} hidden={!matches(choice)}>
            <CheckboxInput
              small
              name={name}
              value={choice.id}
              checked={chosen.includes(choice.id)}
              onChange={(event) => setCount((now) => now + (event.target.checked ? 1 : -1))}
            >
              {choice.name}
            </CheckboxInput>
          </li>
        ))}
      </ul>
      {ordered.every((choice) => !matches(choice)) && (
        <p className="text-sm text-stone-600">{t("backOffice.products.noChoices")}</p>
      )}
    </fieldset>
  );
}
