import type { CategoryOption } from "../../../lib/admin-products.ts";
import type { MenuItemInput, MenuLocation, MenuRecord, MenuTargetKind } from "../../../lib/menu-editor.ts";

export type MenuEditorChoices = {
  pages: Array<{ id: number; name: string; draft: boolean }>;
  categories: CategoryOption[];
  products: Array<{ id: number; name: string }>;
};
export type MenuSummary = { location: MenuLocation; itemCount: number };

type Pair = { en: string; es: string };
/** An item's fields as the forms hold them: the chosen id as the select's value. */
export type Fields = { label: Pair; kind: MenuTargetKind; id: string; url: string };
export type Draft = Fields & { key: string; depth: 0 | 1 };
export type FieldErrors = Partial<Record<"label" | "target", string>>;

let drafts = 0;
export const draftKey = () => `menu-item-draft-${++drafts}`;

/** The first choice of a kind, so a new item's select starts on something. */
export function firstChoice(kind: MenuTargetKind, choices: MenuEditorChoices): string {
  const list = kind === "page" ? choices.pages : kind === "category" ? choices.categories : choices.products;
  return kind === "url" ? "" : String(list[0]?.id ?? "");
}

export function emptyFields(choices: MenuEditorChoices): Fields {
  return { label: { en: "", es: "" }, kind: "page", id: firstChoice("page", choices), url: "" };
}

export function draftsOf(menu: MenuRecord): Draft[] {
  const draft = (item: MenuRecord["items"][number], depth: 0 | 1): Draft => ({
    key: `menu-item-${item.id}`,
    depth,
    label: item.label,
    kind: item.target.kind,
    id: item.target.kind === "url" ? "" : String(item.target.id),
    url: item.target.kind === "url" ? item.target.url : "",
  });
  return menu.items.flatMap((item) => [draft(item, 0), ...item.children.map((child) => draft(child, 1))]);
}

/** What the API takes for an item's fields. */
export function itemBody(fields: Fields): Omit<MenuItemInput, "children"> {
  return {
    label: { en: fields.label.en, es: fields.label.es },
    target:
      fields.kind === "url"
        ? { kind: "url", url: fields.url.trim() }
        : { kind: fields.kind, id: Number(fields.id) },
  };
}
