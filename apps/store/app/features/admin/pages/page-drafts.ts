import type { BlockType } from "../../../lib/content-blocks.ts";
import type { MediaChoice } from "../products/product-form.tsx";
import type { CategoryOption } from "../products/product-table.tsx";

export type Locale = "en" | "es";
export const LOCALES: readonly Locale[] = ["en", "es"];
export type Pair = Record<Locale, string>;
export type Data = Record<string, unknown>;

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

/** A block as the builder holds it until the page is saved; a new block has no id yet. */
export type Draft = { key: string; id?: number; type: BlockType; data: Data };

export const PHOTO_FEED_DEFAULT = 8;

let drafts = 0;
export const draftKey = () => `block-draft-${++drafts}`;
export const emptyPair = (): Pair => ({ en: "", es: "" });
export const pair = (value: unknown): Pair => {
  const record = (value ?? {}) as Partial<Pair>;
  return { en: record.en ?? "", es: record.es ?? "" };
};

/** What a new block of each kind starts with. */
export function newData(type: BlockType, choices: PageBuilderChoices): Data {
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
export function blockBody(block: Draft) {
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

/** What the fields of one kind of block get: its data, a way to change part of it, the choices. */
export type BlockPartProps = {
  data: Data;
  set: (change: Data) => void;
  choices: PageBuilderChoices;
};
