import { useId } from "react";
import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { PHOTO_FEED_MAX } from "../../../lib/photo-feed.ts";
import { MediaGalleryField } from "../media/media-gallery-field.tsx";
import { HeroBlockFields } from "./hero-block-fields.tsx";
import {
  type BlockPartProps,
  type Data,
  type Draft,
  type PageBuilderChoices,
  PHOTO_FEED_DEFAULT,
  pair,
} from "./page-drafts.ts";
import { PairFields } from "./pair-fields.tsx";
import { LimitField, ProductGridBlockFields } from "./product-grid-block-fields.tsx";

/** The fields of one block: its title in both languages, then those of its kind. */
export function BlockFields({
  block,
  choices,
  onChange,
}: {
  block: Draft;
  choices: PageBuilderChoices;
  onChange: (data: Data) => void;
}) {
  const { t } = useTranslation();
  const data = block.data;
  const set = (change: Data) => onChange({ ...data, ...change });
  const part: BlockPartProps = { data, set, choices };
  return (
    <>
      <PairFields
        label={t("backOffice.pages.fields.title")}
        value={pair(data.title)}
        onChange={(title) => set({ title })}
      />
      {block.type === "hero" && <HeroBlockFields {...part} />}
      {block.type === "text" && <TextBlockFields {...part} />}
      {block.type === "featured-products" && <ProductGridBlockFields {...part} />}
      {block.type === "gallery" && <GalleryBlockFields {...part} />}
      {block.type === "video" && <VideoBlockFields {...part} />}
      {block.type === "photo-feed" && <PhotoFeedBlockFields {...part} />}
      {block.type === "menu" && <MenuBlockFields {...part} />}
    </>
  );
}

function TextBlockFields({ data, set }: BlockPartProps) {
  const { t } = useTranslation();
  return (
    <>
      <PairFields
        label={t("backOffice.pages.fields.richText")}
        value={pair(data.text)}
        onChange={(text) => set({ text })}
        long
      />
      <p className="text-xs text-stone-600">{t("backOffice.pages.richTextHint")}</p>
    </>
  );
}

function GalleryBlockFields({ data, set, choices }: BlockPartProps) {
  const { t } = useTranslation();
  const chosen = (data.imageIds as number[] | undefined) ?? [];
  return (
    <fieldset>
      <legend className="text-sm font-medium">{t("backOffice.pages.fields.pictures")}</legend>
      <MediaGalleryField known={choices.media} images={chosen} onChange={(imageIds) => set({ imageIds })} />
    </fieldset>
  );
}

function VideoBlockFields({ data, set }: BlockPartProps) {
  const { t } = useTranslation();
  const hint = useId();
  return (
    <>
      <label className="block text-sm font-medium">
        {t("backOffice.pages.fields.videoUrl")}
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
}

function PhotoFeedBlockFields({ data, set }: BlockPartProps) {
  const { t } = useTranslation();
  return (
    <LimitField
      label={t("backOffice.pages.fields.photos")}
      max={PHOTO_FEED_MAX}
      fallback={PHOTO_FEED_DEFAULT}
      data={data}
      set={set}
    />
  );
}

function MenuBlockFields({ data, set, choices }: BlockPartProps) {
  const { t } = useTranslation();
  return (
    <label className="block text-sm font-medium">
      {t("backOffice.pages.fields.menu")}
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
  );
}
