import { useId, useState } from "react";
import { ADMIN_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { DraftField } from "../draft-field.tsx";
import { SaveError } from "../save-error.tsx";
import { useRestSave } from "../use-rest-save.ts";
import { PageBlocksSection } from "./page-blocks-section.tsx";
import { blockBody, type PageBuilderChoices, type PageRecord } from "./page-drafts.ts";
import { type PageSettings, PageSettingsFields } from "./page-settings-fields.tsx";
import { usePageBlocks } from "./use-page-blocks.ts";

export type { PageBuilderChoices, PageRecord } from "./page-drafts.ts";

/**
 * The page builder (issue 17, decision 0034): a page's title, address and status, and its blocks in
 * order (hero, rich text, product grid, gallery, video, photo feed, category list, menu), each with
 * its texts in both languages, pictures from the media library, moved with buttons. It saves the
 * page whole through the REST client. `focusBlock` is the block the storefront's edit link named
 * (`?block=`): it is marked and gets the focus. Its save bar says when the page has unsaved
 * changes, and leaving the page then asks first.
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
  const id = useId();
  const [settings, setSettings] = useState<PageSettings>({
    title: page.title,
    slug: page.slug,
    status: page.status,
  });
  const blocks = usePageBlocks(page, choices, focusBlock, `${id}-add`);
  const { saving, error, send } = useRestSave();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const home = page.slug === "home";

  const draft = { ...settings, blocks: blocks.blocks.map(blockBody) };

  async function save(): Promise<boolean> {
    return send<PageRecord>(
      { path: `/pages/${page.id}`, method: "PUT", data: draft },
      (saved) => `/admin/pages/${saved.slug}?saved=1`,
      { replace: true },
    );
  }

  async function deletePage() {
    await send({ path: `/pages/${page.id}`, method: "DELETE" }, () => "/admin/pages?deleted=1", {
      replace: true,
    });
  }

  return (
    <FormLayout
      className="page-builder space-y-8"
      onSave={save}
      saveLabel={t("backOffice.pages.save")}
      busy={saving}
      messages={<SaveError error={error} />}
    >
      <DraftField value={draft} />
      <PageSettingsFields value={settings} onChange={setSettings} home={home} />

      <PageBlocksSection idPrefix={id} blocks={blocks} choices={choices} focusBlock={focusBlock} />

      <div className="flex flex-wrap items-center gap-4">
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
    </FormLayout>
  );
}
