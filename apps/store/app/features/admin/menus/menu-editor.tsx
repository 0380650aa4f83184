import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  ADMIN_FIELD,
  ADMIN_ROW_BUTTON,
  ADMIN_SAVE_BUTTON,
} from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import type { CategoryOption } from "../../../lib/admin-products.ts";
import {
  canMove,
  canNest,
  isMenuAddress,
  MENU_LABEL_MAX,
  MENU_LOCATIONS,
  MENU_TARGET_KINDS,
  MENU_URL_MAX,
  type MenuItemInput,
  type MenuLocation,
  type MenuRecord,
  type MenuTargetKind,
  menuTree,
  moveItem,
  nestItem,
  parentIndex,
  removeItem,
  unnestItem,
} from "../../../lib/menu-editor.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";

export type MenuEditorChoices = {
  pages: Array<{ id: number; name: string; draft: boolean }>;
  categories: CategoryOption[];
  products: Array<{ id: number; name: string }>;
};
export type MenuSummary = { location: MenuLocation; itemCount: number };

type Pair = { en: string; es: string };
/** An item's fields as the forms hold them: the chosen id as the select's value. */
type Fields = { label: Pair; kind: MenuTargetKind; id: string; url: string };
type Draft = Fields & { key: string; depth: 0 | 1 };
type FieldErrors = Partial<Record<"label" | "target", string>>;

let drafts = 0;
const draftKey = () => `menu-item-draft-${++drafts}`;

/** The first choice of a kind, so a new item's select starts on something. */
function firstChoice(kind: MenuTargetKind, choices: MenuEditorChoices): string {
  const list = kind === "page" ? choices.pages : kind === "category" ? choices.categories : choices.products;
  return kind === "url" ? "" : String(list[0]?.id ?? "");
}

function emptyFields(choices: MenuEditorChoices): Fields {
  return { label: { en: "", es: "" }, kind: "page", id: firstChoice("page", choices), url: "" };
}

function draftsOf(menu: MenuRecord): Draft[] {
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
function itemBody(fields: Fields): Omit<MenuItemInput, "children"> {
  return {
    label: { en: fields.label.en, es: fields.label.es },
    target:
      fields.kind === "url"
        ? { kind: "url", url: fields.url.trim() }
        : { kind: fields.kind, id: Number(fields.id) },
  };
}

/**
 * The menus editor (issue 17, decision 0036): one menu at a time (the header's, the footer's, the
 * vertical category menu), its items in order, each labelled in both languages and pointing at a
 * page, a category, a product or an address; moved, nested one level and un-nested with buttons
 * named after their item, for pointer, keyboard and screen reader alike. Changes stay in the page
 * until "Save menu" sends the menu whole through the REST client.
 */
export function MenuEditor({
  menus,
  menu,
  choices,
}: {
  menus: MenuSummary[];
  menu: MenuRecord;
  choices: MenuEditorChoices;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [items, setItems] = useState<Draft[]>(() => draftsOf(menu));
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState<Fields>(() => emptyFields(choices));
  const [addErrors, setAddErrors] = useState<FieldErrors>({});
  const [editErrors, setEditErrors] = useState<FieldErrors>({});
  const [announcement, setAnnouncement] = useState("");
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focusNext = useRef<string | null>(null);
  const locale = i18n.language === "es" ? "es" : "en";
  const menuName = (location: MenuLocation) => t(`backOffice.menus.locations.${location}`);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const nameOf = (fields: Fields) => fields.label[locale] || fields.label.en || t("backOffice.menus.unnamed");
  const targetName = (fields: Fields): string => {
    const find = (list: Array<{ id: number; name: string }>) =>
      list.find((each) => String(each.id) === fields.id)?.name ?? t("backOffice.menus.missing");
    switch (fields.kind) {
      case "page":
        return find(choices.pages);
      case "category":
        return find(choices.categories);
      case "product":
        return find(choices.products);
      case "url":
        return fields.url;
    }
  };

  /** What is wrong with an item's fields, in the page's language; nothing when they can be saved. */
  const problems = (fields: Fields): FieldErrors => {
    const found: FieldErrors = {};
    if (!fields.label.en.trim()) found.label = t("rest.errors.vitrine_menu_label_required");
    if (fields.kind === "url" ? !isMenuAddress(fields.url.trim()) : !fields.id)
      found.target =
        fields.kind === "url"
          ? t("rest.errors.vitrine_menu_invalid_url")
          : t("rest.errors.vitrine_menu_unknown_target");
    return found;
  };

  /** Applies a change to the list, moves the focus and says what happened. */
  const change = (next: Draft[], focus: string, said: string) => {
    setItems(next);
    setDirty(true);
    focusNext.current = focus;
    setAnnouncement(said);
  };
  /** The focus after a move: the same button while it still works, else the item's name. */
  const after = (next: Draft[], key: string, button: string, works: (index: number) => boolean) => {
    const index = next.findIndex((item) => item.key === key);
    return works(index) ? `${key}-${button}` : key;
  };

  const move = (index: number, by: -1 | 1) => {
    const item = items[index]!;
    const next = moveItem(items, index, by);
    const focus = after(next, item.key, by < 0 ? "up" : "down", (at) => canMove(next, at, by));
    change(
      next,
      focus,
      t(by < 0 ? "backOffice.menus.movedUp" : "backOffice.menus.movedDown", { name: nameOf(item) }),
    );
  };
  const nest = (index: number) => {
    const item = items[index]!;
    const parent = items[parentIndex(items, index - 1)]!;
    change(
      nestItem(items, index),
      `${item.key}-unnest`,
      t("backOffice.menus.nested", { name: nameOf(item), parent: nameOf(parent) }),
    );
  };
  const unnest = (index: number) => {
    const item = items[index]!;
    const next = unnestItem(items, index);
    change(
      next,
      after(next, item.key, "nest", (at) => canNest(next, at)),
      t("backOffice.menus.unnested", { name: nameOf(item) }),
    );
  };
  const remove = (index: number) => {
    const item = items[index]!;
    const next = removeItem(items, index);
    if (editing === item.key) setEditing(null);
    change(
      next,
      next[index]?.key ?? next[index - 1]?.key ?? `${id}-add-label`,
      t("backOffice.menus.removed", { name: nameOf(item) }),
    );
  };

  async function save() {
    if (saving) return;
    const invalid = items.find((item) => Object.keys(problems(item)).length > 0);
    if (invalid) {
      const found = problems(invalid);
      setEditing(invalid.key);
      setEditErrors(found);
      focusNext.current = `${invalid.key}-field-${found.label ? "label" : "target"}`;
      setError(t("backOffice.menus.fixItem", { name: nameOf(invalid) }));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await pageRestClient().request<MenuRecord>({
        path: `/menus/${menu.location}`,
        method: "PUT",
        data: {
          items: menuTree(items).map(({ item, children }) => ({
            ...itemBody(item),
            children: children.map(itemBody),
          })),
        },
      });
      navigate(`/admin/menus?menu=${menu.location}&saved=1`, { replace: true });
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    } finally {
      setSaving(false);
    }
  }

  const tree = menuTree(items);
  const indexOf = (draft: Draft) => items.indexOf(draft);

  const row = (item: Draft) => {
    const index = indexOf(item);
    const name = nameOf(item);
    const open = editing === item.key;
    const parent = item.depth === 1 ? items[parentIndex(items, index)] : items[parentIndex(items, index - 1)];
    return (
      <div className="rounded border border-stone-200 p-3">
        <p className="flex flex-wrap items-baseline gap-x-3">
          {/* Takes the focus when the item is added, moved, or the item before it is removed. */}
          <span id={item.key} tabIndex={-1} className="font-semibold">
            {name}
          </span>
          <span className="text-sm text-stone-600">
            {t(`backOffice.menus.points.${item.kind}`, { name: targetName(item) })}
          </span>
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            id={`${item.key}-edit`}
            className={ADMIN_ROW_BUTTON}
            aria-expanded={open}
            aria-controls={open ? `${item.key}-fields` : undefined}
            aria-label={t("backOffice.menus.editNamed", { name })}
            onClick={() => {
              setEditing(open ? null : item.key);
              setEditErrors({});
              if (!open) focusNext.current = `${item.key}-field-label`;
            }}
          >
            {t("backOffice.menus.edit")}
          </button>
          <button
            type="button"
            id={`${item.key}-up`}
            className={ADMIN_ROW_BUTTON}
            disabled={!canMove(items, index, -1)}
            onClick={() => move(index, -1)}
            aria-label={t("backOffice.menus.moveUp", { name })}
          >
            {t("backOffice.menus.up")}
          </button>
          <button
            type="button"
            id={`${item.key}-down`}
            className={ADMIN_ROW_BUTTON}
            disabled={!canMove(items, index, 1)}
            onClick={() => move(index, 1)}
            aria-label={t("backOffice.menus.moveDown", { name })}
          >
            {t("backOffice.menus.down")}
          </button>
          {item.depth === 0 ? (
            <button
              type="button"
              id={`${item.key}-nest`}
              className={ADMIN_ROW_BUTTON}
              disabled={!canNest(items, index)}
              onClick={() => nest(index)}
              aria-label={
                parent && parent !== item
                  ? t("backOffice.menus.nestNamed", { name, parent: nameOf(parent) })
                  : t("backOffice.menus.nestFirst", { name })
              }
            >
              {t("backOffice.menus.nest")}
            </button>
          ) : (
            <button
              type="button"
              id={`${item.key}-unnest`}
              className={ADMIN_ROW_BUTTON}
              onClick={() => unnest(index)}
              aria-label={t("backOffice.menus.unnestNamed", { name, parent: parent ? nameOf(parent) : "" })}
            >
              {t("backOffice.menus.unnest")}
            </button>
          )}
          <button
            type="button"
            className={`${ADMIN_ROW_BUTTON} text-sale`}
            onClick={() => remove(index)}
            aria-label={t("backOffice.menus.removeNamed", { name })}
          >
            {t("backOffice.menus.remove")}
          </button>
        </div>
        {open && (
          <form
            id={`${item.key}-fields`}
            aria-label={t("backOffice.menus.editNamed", { name })}
            className="mt-3 space-y-3 border-t border-stone-200 pt-3"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const found = problems(item);
              setEditErrors(found);
              if (Object.keys(found).length > 0) return;
              setEditing(null);
              focusNext.current = `${item.key}-edit`;
            }}
          >
            <ItemFields
              idPrefix={`${item.key}-field`}
              value={item}
              errors={editErrors}
              choices={choices}
              onChange={(fields) => {
                setItems((all) => all.map((each) => (each.key === item.key ? { ...each, ...fields } : each)));
                setEditErrors({});
                setDirty(true);
              }}
            />
            <button type="submit" className={ADMIN_ROW_BUTTON}>
              {t("backOffice.menus.done")}
            </button>
          </form>
        )}
      </div>
    );
  };

  return (
    <div className="menu-editor space-y-8">
      <nav aria-label={t("backOffice.menus.choose")}>
        <ul className="flex flex-wrap gap-2">
          {MENU_LOCATIONS.map((location) => {
            const count = menus.find((each) => each.location === location)?.itemCount ?? 0;
            const current = location === menu.location;
            return (
              <li key={location}>
                <Link
                  to={`/admin/menus?menu=${location}`}
                  aria-current={current ? "page" : undefined}
                  className={`block rounded border px-3 py-2 ${current ? "border-brand bg-brand text-white" : "border-stone-300 hover:border-brand"}`}
                >
                  {menuName(location)}{" "}
                  <span className="text-sm">({t("backOffice.menus.itemCount", { count })})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby={`${id}-items`}>
        <h2 id={`${id}-items`} className="mb-1 text-xl font-semibold">
          {menuName(menu.location)}
        </h2>
        <p className="mb-4 text-sm text-stone-600">{t(`backOffice.menus.about.${menu.location}`)}</p>
        {items.length === 0 ? (
          <p className="mb-3">{t("backOffice.menus.empty")}</p>
        ) : (
          <ol className="menu-items space-y-3" aria-label={menuName(menu.location)}>
            {tree.map(({ item, children }) => (
              <li key={item.key} data-menu-item={item.key}>
                {row(item)}
                {children.length > 0 && (
                  <ol
                    className="mt-3 ml-8 space-y-3"
                    aria-label={t("backOffice.menus.subItemsOf", { name: nameOf(item) })}
                  >
                    {children.map((child) => (
                      <li key={child.key} data-menu-item={child.key}>
                        {row(child)}
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ol>
        )}
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </section>

      <form
        className="space-y-3 rounded border border-stone-200 p-4"
        aria-labelledby={`${id}-add`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = problems(adding);
          setAddErrors(found);
          if (Object.keys(found).length > 0) {
            focusNext.current = found.label ? `${id}-add-label` : `${id}-add-target`;
            // The focus does not move when it is already there: the errors must be heard anyway.
            setAnnouncement(Object.values(found).join(" "));
            return;
          }
          const key = draftKey();
          change(
            [...items, { ...adding, key, depth: 0 }],
            key,
            t("backOffice.menus.added", { name: nameOf(adding) }),
          );
          setAdding({ ...emptyFields(choices), kind: adding.kind, id: firstChoice(adding.kind, choices) });
        }}
      >
        <h2 id={`${id}-add`} className="text-xl font-semibold">
          {t("backOffice.menus.add")}
        </h2>
        <ItemFields
          idPrefix={`${id}-add`}
          value={adding}
          errors={addErrors}
          choices={choices}
          onChange={(fields) => {
            setAdding({ ...adding, ...fields });
            // A changed field is checked again when the item is added.
            setAddErrors({});
          }}
        />
        <button type="submit" className="rounded border border-brand px-4 py-2 font-semibold text-brand">
          {t("backOffice.menus.addButton")}
        </button>
      </form>

      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {error && (
          <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
            {error}
          </p>
        )}
        {dirty && <p className="text-sm">{t("backOffice.menus.unsaved")}</p>}
        <button type="submit" disabled={saving} className={ADMIN_SAVE_BUTTON}>
          {t("backOffice.menus.save", { menu: menuName(menu.location) })}
        </button>
      </form>
    </div>
  );
}

/** An item's labels and target: the kind, then a page, category or product to pick, or an address. */
function ItemFields({
  idPrefix,
  value,
  errors,
  choices,
  onChange,
}: {
  idPrefix: string;
  value: Fields;
  errors: FieldErrors;
  choices: MenuEditorChoices;
  onChange: (fields: Fields) => void;
}) {
  const { t } = useTranslation();
  const error = (field: keyof FieldErrors) =>
    errors[field] ? (
      <p id={`${idPrefix}-${field}-error`} className="text-sm text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: keyof FieldErrors) =>
    errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${idPrefix}-${field}-error` } : {};
  const options =
    value.kind === "page"
      ? choices.pages.map((page) => ({
          id: page.id,
          name: page.draft ? t("backOffice.menus.draftPage", { name: page.name }) : page.name,
        }))
      : value.kind === "category"
        ? choices.categories.map((category) => ({
            id: category.id,
            name: `${"\u2014 ".repeat(category.depth)}${category.name}`,
          }))
        : choices.products;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <div>
        <label className="block text-sm font-medium">
          {t("backOffice.menus.labelEn")}
          <input
            id={`${idPrefix}-label`}
            value={value.label.en}
            onChange={(event) => onChange({ ...value, label: { ...value.label, en: event.target.value } })}
            required
            maxLength={MENU_LABEL_MAX}
            className={ADMIN_FIELD}
            {...invalid("label")}
          />
        </label>
        {error("label")}
      </div>
      <div>
        <label className="block text-sm font-medium">
          {t("backOffice.menus.labelEs")}
          <input
            value={value.label.es}
            onChange={(event) => onChange({ ...value, label: { ...value.label, es: event.target.value } })}
            maxLength={MENU_LABEL_MAX}
            aria-describedby={`${idPrefix}-es-hint`}
            className={ADMIN_FIELD}
          />
        </label>
        <p id={`${idPrefix}-es-hint`} className="text-xs text-stone-600">
          {t("backOffice.menus.labelEsHint")}
        </p>
      </div>
      <label className="block text-sm font-medium">
        {t("backOffice.menus.kind")}
        <select
          value={value.kind}
          onChange={(event) => {
            const kind = event.target.value as MenuTargetKind;
            onChange({ ...value, kind, id: firstChoice(kind, choices) });
          }}
          className={ADMIN_FIELD}
        >
          {MENU_TARGET_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`backOffice.menus.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <div>
        {value.kind === "url" ? (
          <>
            <label className="block text-sm font-medium">
              {t("backOffice.menus.address")}
              <input
                id={`${idPrefix}-target`}
                value={value.url}
                onChange={(event) => onChange({ ...value, url: event.target.value })}
                required
                maxLength={MENU_URL_MAX}
                inputMode="url"
                spellCheck={false}
                className={ADMIN_FIELD}
                {...invalid("target")}
                aria-describedby={
                  errors.target ? `${idPrefix}-target-error ${idPrefix}-url-hint` : `${idPrefix}-url-hint`
                }
              />
            </label>
            <p id={`${idPrefix}-url-hint`} className="text-xs text-stone-600">
              {t("backOffice.menus.addressHint")}
            </p>
          </>
        ) : (
          <label className="block text-sm font-medium">
            {t(`backOffice.menus.kinds.${value.kind}`)}
            <select
              id={`${idPrefix}-target`}
              value={value.id}
              onChange={(event) => onChange({ ...value, id: event.target.value })}
              required
              className={ADMIN_FIELD}
              {...invalid("target")}
            >
              {!options.some((option) => String(option.id) === value.id) && (
                <option value={value.id}>{t("backOffice.menus.missing")}</option>
              )}
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {error("target")}
      </div>
    </div>
  );
}
