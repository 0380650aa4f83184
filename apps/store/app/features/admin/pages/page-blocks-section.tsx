import { ADMIN_BUTTON, ADMIN_FIELD } from "../../../components/ui/back-office-classes.ts";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { BLOCK_TYPES, type BlockType } from "../../../lib/content-blocks.ts";
import { BlockFields } from "./block-fields.tsx";
import { type Draft, type PageBuilderChoices, pair } from "./page-drafts.ts";
import type { PageBlocks } from "./use-page-blocks.ts";

/** The page's blocks in order, each with its fields and its buttons, and the control that adds one. */
export function PageBlocksSection({
  idPrefix,
  blocks: editor,
  choices,
  focusBlock,
}: {
  idPrefix: string;
  blocks: PageBlocks;
  choices: PageBuilderChoices;
  focusBlock: number | null;
}) {
  const { t } = useTranslation();
  const { blocks } = editor;
  return (
    <section aria-labelledby={`${idPrefix}-blocks`}>
      <h2 id={`${idPrefix}-blocks`} className="mb-3 text-xl font-semibold">
        {t("backOffice.pages.blocks")}
      </h2>
      {blocks.length === 0 && <p className="mb-3">{t("backOffice.pages.noBlocks")}</p>}
      <ol className="space-y-4">
        {blocks.map((block, index) => (
          <li key={block.key}>
            <BlockEditor
              block={block}
              index={index}
              editor={editor}
              choices={choices}
              selected={block.id !== undefined && block.id === focusBlock}
            />
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <label className="text-sm font-medium">
          {t("backOffice.pages.newBlock")}
          <select
            value={editor.adding}
            onChange={(event) => editor.setAdding(event.target.value as BlockType)}
            className={ADMIN_FIELD}
          >
            {BLOCK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`pages.blocks.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" id={`${idPrefix}-add`} className={ADMIN_BUTTON} onClick={editor.add}>
          {t("backOffice.pages.addBlock")}
        </button>
      </div>
    </section>
  );
}

/** One block: its name (numbered, with its kind and title), its fields, and move up, down, remove. */
function BlockEditor({
  block,
  index,
  editor,
  choices,
  selected,
}: {
  block: Draft;
  index: number;
  editor: PageBlocks;
  choices: PageBuilderChoices;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const name = t("backOffice.pages.blockName", {
    n: index + 1,
    kind: t(`pages.blocks.${block.type}`),
    title: pair(block.data.title).en,
  });
  return (
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
      <BlockFields block={block} choices={choices} onChange={(data) => editor.change(block.key, data)} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          id={`${block.key}-up`}
          className={ADMIN_BUTTON}
          disabled={index === 0}
          onClick={() => editor.move(index, -1)}
          aria-label={t("backOffice.pages.moveUp", { block: name })}
        >
          {t("backOffice.pages.up")}
        </button>
        <button
          type="button"
          id={`${block.key}-down`}
          className={ADMIN_BUTTON}
          disabled={index === editor.blocks.length - 1}
          onClick={() => editor.move(index, 1)}
          aria-label={t("backOffice.pages.moveDown", { block: name })}
        >
          {t("backOffice.pages.down")}
        </button>
        <button
          type="button"
          className={ADMIN_BUTTON}
          onClick={() => editor.remove(index)}
          aria-label={t("backOffice.pages.removeBlock", { block: name })}
        >
          {t("backOffice.pages.remove")}
        </button>
      </div>
    </fieldset>
  );
}
