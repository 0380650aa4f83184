import { ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { MediaSingleField } from "../media/media-single-field.tsx";
import { type BlockPartProps, emptyPair, type Pair, pair } from "./page-drafts.ts";
import { PairFields } from "./pair-fields.tsx";

/** A hero's fields after its title: its text, its button (label and address) and its picture. */
export function HeroBlockFields({ data, set, choices }: BlockPartProps) {
  const { t } = useTranslation();
  const field = (key: string) => t(`backOffice.pages.fields.${key}`);
  const cta = (data.cta as { label: Pair; url: string } | undefined) ?? { label: emptyPair(), url: "" };
  return (
    <>
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
      <MediaSingleField
        label={field("picture")}
        known={choices.media}
        imageId={typeof data.imageId === "number" ? data.imageId : null}
        onChange={(imageId) => set({ imageId: imageId ?? undefined })}
      />
    </>
  );
}
