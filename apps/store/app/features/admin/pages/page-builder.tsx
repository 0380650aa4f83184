import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ADMIN_BUTTON, ADMIN_FIELD, ADMIN_SAVE_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { BLOCK_TYPES, type BlockType, PRODUCT_GRID_MAX } from "../../../lib/content-blocks.ts";
import { PHOTO_FEED_MAX } from "../../../lib/photo-feed.ts";
import { pageRestClient, RestClientError } from "../../../lib/rest-client.ts";
import { MediaPicker } from "../media/media-picker.tsx";
import type { MediaChoice } from "../products/product-form.tsx";
import type { CategoryOption } from "../products/product-table.tsx";

type Locale = "en" | "es";
const LOCALES: readonly Locale[] = ["en", "es"];
type Pair = Record<Locale, string>;
type Data = Record<string, unknown>;

/** A page as `GET /pages/{id}` answers it. */
export type PageRecord = {
  id: number;
  slug: string;
  title: Pair;
  status: "publish" | "draft";
  blocks: Array<{ id: number; type: BlockType; data: Data }>;
};

export type PageBuilderChoices = {
  categories: CategoryOption[];
  products: Array<{ id: number; name: string }>;
  media: MediaChoice[];
  menus: string[];
};

type Draft = { key: string; id?: number; type: BlockType; data: Data };

const PHOTO_FEED_DEFAULT = 8;

let drafts = 0;
const draftKey = () => `block-draft-${++drafts}`;
const emptyPair = (): Pair => ({ en: "", es: "" });
const pair = (value: unknown): Pair => {
  const record = (value ?? {}) as Partial<Pair>;
  return { en: record.en ?? "", es: record.es ?? "" };
};

/** What a new block of each kind starts with. */
function newData(type: BlockType, choices: PageBuilderChoices): Data {
  switch (type) {
    case "hero":
      return { title: emptyPair(), text: emptyPair() };
    case "text":
      return { title: emptyPair(), text: emptyPair() };
    case "featured-products":
      return { title: emptyPair(), limit: 8 };
    case "gallery":
      return { title: emptyPair(), imageIds: [] };
    case "video":
      return { title: emptyPair(), url: "" };
    case "photo-feed":
      return { title: emptyPair(), limit: PHOTO_FEED_DEFAULT };
    case "categories":
      return { title: emptyPair() };
    case "menu":
      return { title: emptyPair(), menu: choices.menus[0] ?? "" };
  }
}

/** The block's data as the API takes it: empty optional parts left out, texts trimmed there. */
function blockBody(block: Draft) {
  const data: Data = { ...block.data };
  if (block.type === "hero") {
    const cta = data.cta as { label: Pair; url: string } | undefined;
    if (!cta?.url.trim()) delete data.cta;
    if (!data.imageId) delete data.imageId;
  }
  if (block.type === "featured-products") {
    if (!data.categoryId) delete data.categoryId;
    if (!(data.productIds as number[] | undefined)?.length) delete data.productIds;
  }
  return { ...(block.id ? { id: block.id } : {}), type: block.type, data };
}

/**
 * The page builder (issue 17, decision 0034): a page's title, address and status, and its blocks in
 * order (hero, rich text, product grid, gallery, video, photo feed, category list, menu), each with
 * its texts in both languages, pictures from the media library, moved with buttons. It saves the
 * page whole through the REST client. `focusBlock` is the block the storefront's edit link named
 * (`?block=`): it is marked and gets the focus.
 */
export function PageBuilder({
  page,
  choices,
  focusBlock,
}: {
  page: PageRecord;
  choices: PageBuilderChoices;
  focusBlock: number | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [title, setTitle] = useState<Pair>(page.title);
  const [slug, setSlug] = useState(page.slug);
  const [status, setStatus] = useState(page.status);
  const [blocks, setBlocks] = useState<Draft[]>(
    page.blocks.map((block) => ({
      key: `block-${block.id}`,
      id: block.id,
      type: block.type,
      data: block.data,
    })),
  );
  const [adding, setAdding] = useState<BlockType>("text");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const focusNext = useRef<string | null>(null);
  const home = page.slug === "home";

  useEffect(() => {
    if (focusBlock === null) return;
    // The editor asked for this block by its edit link: its name takes the focus, and the view.
    document.getElementById(`block-${focusBlock}`)?.focus();
  }, [focusBlock]);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const change = (key: string, data: Data) =>
    setBlocks((all) => all.map((block) => (block.key === key ? { ...block, data } : block)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    const [block] = next.splice(index, 1);
    next.splice(index + by, 0, block!);
    setBlocks(next);
    focusNext.current = `${block!.key}-${by < 0 ? "up" : "down"}`;
  };
  const remove = (index: number) => {
    setBlocks(blocks.filter((_, at) => at !== index));
    focusNext.current = blocks[index + 1]?.key ?? blocks[index - 1]?.key ?? `${id}-add`;
  };
  const add = () => {
    const key = draftKey();
    setBlocks([...blocks, { key, type: adding, data: newData(adding, choices) }]);
    focusNext.current = key;
  };

  async function save() {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await pageRestClient().request<PageRecord>({
        path: `/pages/${page.id}`,
        method: "PUT",
        data: { title, slug, status, blocks: blocks.map(blockBody) },
      });
      navigate(`/admin/pages/${saved.slug}?saved=1`, { replace: true });
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    } finally {
      setSaving(false);
    }
  }

  async function deletePage() {
    setError(null);
    try {
      await pageRestClient().request({ path: `/pages/${page.id}`, method: "DELETE" });
      navigate("/admin/pages?deleted=1", { replace: true });
    } catch (failure) {
      setError(failure instanceof RestClientError ? failure.translated(t) : String(failure));
    }
  }

  const blockName = (block: Draft, index: number) =>
    t("backOffice.pages.blockName", {
      n: index + 1,
      kind: t(`pages.blocks.${block.type}`),
      title: pair(block.data.title).en,
    });

  return (
    <form
      className="page-builder space-y-8"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset className="grid gap-4 rounded border border-stone-200 p-4 md:grid-cols-2">
        <legend className="px-1 font-semibold">{t("backOffice.pages.settings")}</legend>
        {LOCALES.map((lang) => (
          <label key={lang} className="block text-sm font-medium">
            {t(`backOffice.pages.pageTitle.${lang}`)}
            <input
              value={title[lang]}
              onChange={(event) => setTitle({ ...title, [lang]: event.target.value })}
              required={lang === "en"}
              maxLength={200}
              className={ADMIN_FIELD}
            />
          </label>
        ))}
        <div>
          <label className="block text-sm font-medium">
            {t("backOffice.pages.slug")}
            <input
              value={slug}
              onChange={(event) => setSlug(event.target.value)}
              readOnly={home}
              maxLength={200}
              aria-describedby={`${id}-slug-hint`}
              className={ADMIN_FIELD}
            />
          </label>
          <p id={`${id}-slug-hint`} className="text-xs text-stone-600">
            {home ? t("backOffice.pages.homeFixed") : t("backOffice.pages.slugHint")}
          </p>
        </div>
        <label className="block text-sm font-medium">
          {t("backOffice.pages.status")}
          <select
            value={status}
            onChange={(event) => setStatus(event.target.value as PageRecord["status"])}
            disabled={home}
            className={ADMIN_FIELD}
          >
            <option value="publish">{t("backOffice.products.statuses.publish")}</option>
            <option value="draft">{t("backOffice.products.statuses.draft")}</option>
          </select>
        </label>
      </fieldset>

      <section aria-labelledby={`${id}-blocks`}>
        <h2 id={`${id}-blocks`} className="mb-3 text-xl font-semibold">
          {t("backOffice.pages.blocks")}
        </h2>
        {blocks.length === 0 && <p className="mb-3">{t("backOffice.pages.noBlocks")}</p>}
        <ol className="space-y-4">
          {blocks.map((block, index) => {
            const name = blockName(block, index);
            const selected = block.id !== undefined && block.id === focusBlock;
            return (
              <li key={block.key}>
                <fieldset
                  id={block.id ? `builder-block-${block.id}` : undefined}
                  data-block-type={block.type}
                  data-selected={selected || undefined}
                  className={`space-y-3 rounded border p-4 ${selected ? "border-brand ring-2 ring-brand" : "border-stone-200"}`}
                >
                  <legend className="px-1 font-semibold">
                    {/* Focused when the block is added or the storefront's edit link names it. */}
                    <span id={block.key} tabIndex={-1}>
                      {name}
                    </span>
                  </legend>
                  <BlockFields block={block} choices={choices} onChange={(data) => change(block.key, data)} />
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      id={`${block.key}-up`}
                      className={ADMIN_BUTTON}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t("backOffice.pages.moveUp", { block: name })}
                    >
                      {t("backOffice.pages.up")}
                    </button>
                    <button
                      type="button"
                      id={`${block.key}-down`}
                      className={ADMIN_BUTTON}
                      disabled={index === blocks.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t("backOffice.pages.moveDown", { block: name })}
                    >
                      {t("backOffice.pages.down")}
                    </button>
                    <button
                      type="button"
                      className={ADMIN_BUTTON}
                      onClick={() => remove(index)}
                      aria-label={t("backOffice.pages.removeBlock", { block: name })}
                    >
                      {t("backOffice.pages.remove")}
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="mt-4 flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium">
            {t("backOffice.pages.newBlock")}
            <select
              value={adding}
              onChange={(event) => setAdding(event.target.value as BlockType)}
              className={ADMIN_FIELD}
            >
              {BLOCK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`pages.blocks.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" id={`${id}-add`} className={ADMIN_BUTTON} onClick={add}>
            {t("backOffice.pages.addBlock")}
          </button>
        </div>
      </section>

      {error && (
        <p role="alert" className="border-l-4 border-red-600 bg-red-50 px-4 py-2">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={saving} className={ADMIN_SAVE_BUTTON}>
          {t("backOffice.pages.save")}
        </button>
        <a href={home ? "/" : `/${page.slug}`} className="text-brand underline">
          {page.status === "draft" ? t("backOffice.pages.preview") : t("backOffice.pages.view")}
        </a>
        {!home &&
          (confirmDelete ? (
            <button type="button" className={ADMIN_BUTTON} onClick={() => void deletePage()}>
              {t("backOffice.pages.deleteForGood")}
            </button>
          ) : (
            <button type="button" className={ADMIN_BUTTON} onClick={() => setConfirmDelete(true)}>
              {t("backOffice.pages.delete")}
            </button>
          ))}
      </div>
    </form>
  );
}

/** A `{en, es}` text as two fields. */
function PairFields({
  label,
  value,
  onChange,
  long = false,
}: {
  label: string;
  value: Pair;
  onChange: (value: Pair) => void;
  long?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {LOCALES.map((lang) => {
        const props = {
          value: value[lang],
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...value, [lang]: event.target.value }),
          className: ADMIN_FIELD,
        };
        const text = t(`backOffice.pages.inLanguage.${lang}`, { field: label });
        return long ? (
          <label key={lang} className="block text-sm font-medium">
            {text}
            <textarea {...props} rows={5} maxLength={20_000} />
          </label>
        ) : (
          <label key={lang} className="block text-sm font-medium">
            {text}
            <input {...props} maxLength={200} />
          </label>
        );
      })}
    </div>
  );
}

/** The fields of one block, by its kind. */
function BlockFields({
  block,
  choices,
  onChange,
}: {
  block: Draft;
  choices: PageBuilderChoices;
  onChange: (data: Data) => void;
}) {
  const { t } = useTranslation();
  const hint = useId();
  const data = block.data;
  const set = (change: Data) => onChange({ ...data, ...change });
  const field = (key: string) => t(`backOffice.pages.fields.${key}`);
  const titleFields = (
    <PairFields label={field("title")} value={pair(data.title)} onChange={(title) => set({ title })} />
  );
  switch (block.type) {
    case "hero": {
      const cta = (data.cta as { label: Pair; url: string } | undefined) ?? { label: emptyPair(), url: "" };
      return (
        <>
          {titleFields}
          <PairFields label={field("text")} value={pair(data.text)} onChange={(text) => set({ text })} long />
          <PairFields
            label={field("buttonLabel")}
            value={pair(cta.label)}
            onChange={(label) => set({ cta: { ...cta, label } })}
          />
          <label className="block text-sm font-medium">
            {field("buttonUrl")}
            <input
              value={cta.url}
              onChange={(event) => set({ cta: { ...cta, url: event.target.value } })}
              maxLength={2000}
              className={ADMIN_FIELD}
            />
          </label>
          <label className="block text-sm font-medium">
            {field("picture")}
            <select
              value={String(data.imageId ?? "")}
              onChange={(event) =>
                set({ imageId: event.target.value ? Number(event.target.value) : undefined })
              }
              className={ADMIN_FIELD}
            >
              <option value="">{t("backOffice.pages.none")}</option>
              {choices.media.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
        </>
      );
    }
    case "text":
      return (
        <>
          {titleFields}
          <PairFields
            label={field("richText")}
            value={pair(data.text)}
            onChange={(text) => set({ text })}
            long
          />
          <p className="text-xs text-stone-600">{t("backOffice.pages.richTextHint")}</p>
        </>
      );
    case "featured-products":
      return (
        <>
          {titleFields}
          <div className="grid gap-3 md:grid-cols-2">
            <label className="block text-sm font-medium">
              {field("limit")}
              <input
                type="number"
                min={1}
                max={PRODUCT_GRID_MAX}
                value={String(data.limit ?? 8)}
                onChange={(event) => set({ limit: Number(event.target.value) })}
                className={ADMIN_FIELD}
              />
            </label>
            <label className="block text-sm font-medium">
              {field("category")}
              <select
                value={String(data.categoryId ?? "")}
                onChange={(event) =>
                  set({ categoryId: event.target.value ? Number(event.target.value) : undefined })
                }
                className={ADMIN_FIELD}
              >
                <option value="">{t("backOffice.pages.featured")}</option>
                {choices.categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {"\u00a0\u00a0".repeat(category.depth)}
                    {category.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <label className="block text-sm font-medium">
            {field("products")}
            <select
              multiple
              size={6}
              aria-describedby={`${hint}-productsHint`}
              value={((data.productIds as number[] | undefined) ?? []).map(String)}
              onChange={(event) =>
                set({ productIds: [...event.target.selectedOptions].map((option) => Number(option.value)) })
              }
              className={ADMIN_FIELD}
            >
              {choices.products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </select>
          </label>
          <p id={`${hint}-productsHint`} className="text-xs text-stone-600">
            {t("backOffice.pages.productsHint")}
          </p>
        </>
      );
    case "gallery": {
      const chosen = (data.imageIds as number[] | undefined) ?? [];
      return (
        <>
          {titleFields}
          <fieldset>
            <legend className="text-sm font-medium">{field("pictures")}</legend>
            <MediaPicker media={choices.media} chosen={chosen} onChange={(imageIds) => set({ imageIds })} />
          </fieldset>
        </>
      );
    }
    case "video":
      return (
        <>
          {titleFields}
          <label className="block text-sm font-medium">
            {field("videoUrl")}
            <input
              type="url"
              aria-describedby={`${hint}-videoHint`}
              value={String(data.url ?? "")}
              onChange={(event) => set({ url: event.target.value })}
              maxLength={2000}
              className={ADMIN_FIELD}
            />
          </label>
          <p id={`${hint}-videoHint`} className="text-xs text-stone-600">
            {t("backOffice.pages.videoHint")}
          </p>
        </>
      );
    case "photo-feed":
      return (
        <>
          {titleFields}
          <label className="block text-sm font-medium">
            {field("photos")}
            <input
              type="number"
              min={1}
              max={PHOTO_FEED_MAX}
              value={String(data.limit ?? PHOTO_FEED_DEFAULT)}
              onChange={(event) => set({ limit: Number(event.target.value) })}
              className={ADMIN_FIELD}
            />
          </label>
        </>
      );
    case "categories":
      return titleFields;
    case "menu":
      return (
        <>
          {titleFields}
          <label className="block text-sm font-medium">
            {field("menu")}
            <select
              value={String(data.menu ?? "")}
              onChange={(event) => set({ menu: event.target.value })}
              className={ADMIN_FIELD}
            >
              {choices.menus.map((menu) => (
                <option key={menu} value={menu}>
                  {t(`backOffice.pages.menus.${menu}`, { defaultValue: menu })}
                </option>
              ))}
            </select>
          </label>
        </>
      );
  }
}
