import { useRef, useState } from "react";
import { ADMIN_ROW_BUTTON } from "../../../components/ui/back-office-classes.ts";
import { CheckboxInput, FormSection, InputField } from "../../../components/ui/back-office-fields.tsx";
import { DataTable } from "../../../components/ui/data-table.tsx";
import { FormLayout } from "../../../components/ui/form-layout.tsx";
import { useTranslation } from "../../../i18n/use-translation.ts";
import { parseStoreSettings, refusedSettingsKey } from "../../../lib/settings-resource.ts";
import type { StoreMailKind } from "../../../lib/store-mails.ts";
import { useSettingsSave } from "../use-settings-save.tsx";
import { MailPreviewDialog } from "./mail-preview-dialog.tsx";

type MailRow = { kind: StoreMailKind; to: "owner" | "shopper"; enabled: boolean };

/**
 * The store's mails (decision 0062): each one's name, whom it goes to, whether it is sent, and its
 * preview; then the owner's recipients and the mails' logo and colour. One form, saved with
 * `PUT /settings` (`mails`), checked first with the settings' own schema.
 */
export function MailsForm({
  mails,
  settings,
  ownerFallback,
}: {
  mails: MailRow[];
  settings: { recipient: string; logo: string; colour: string };
  ownerFallback: string | null;
}) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<StoreMailKind | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const title = (kind: StoreMailKind) => t(`backOffice.mails.kinds.${kind}.title`);

  const saving = useSettingsSave(t("backOffice.mails.saved"), (form) => {
    const fields = new FormData(form);
    const change = {
      enabled: Object.fromEntries(mails.map(({ kind }) => [kind, fields.get(`enabled.${kind}`) === "on"])),
      recipient: String(fields.get("recipient") ?? "").trim(),
      logo: String(fields.get("logo") ?? "").trim(),
      colour: String(fields.get("colour") ?? ""),
    };
    // The settings' own rule, before the round trip: what the server would refuse, said at once.
    // Once saved, the recipients' hint says what an empty field now means (the page is read again).
    return refusedSettingsKey(parseStoreSettings({}), { mails: change }) !== null
      ? { refused: t("backOffice.mails.invalid") }
      : { data: { mails: change } };
  });

  return (
    <>
      <FormLayout className="max-w-4xl space-y-6" saveLabel={t("backOffice.mails.save")} {...saving}>
        <MailsTable
          mails={mails}
          onPreview={(kind, button) => {
            opener.current = button;
            setPreviewing(kind);
          }}
        />
        <FormSection title={t("backOffice.mails.lookTitle")}>
          <InputField
            name="recipient"
            label={t("backOffice.mails.recipient")}
            value={settings.recipient}
            maxLength={500}
            placeholder="orders@example.com"
            hint={
              ownerFallback
                ? t("backOffice.mails.recipientHint", { address: ownerFallback })
                : t("backOffice.mails.recipientHintNone")
            }
          />
          <InputField
            name="logo"
            label={t("backOffice.mails.logo")}
            value={settings.logo}
            maxLength={500}
            hint={t("backOffice.mails.logoHint")}
          />
          <InputField
            name="colour"
            type="color"
            label={t("backOffice.mails.colour")}
            value={settings.colour}
            className="mt-1 block h-10 w-20 rounded border border-stone-300"
            hint={t("backOffice.mails.colourHint")}
          />
        </FormSection>
      </FormLayout>
      <MailPreviewDialog
        kind={previewing}
        title={previewing ? title(previewing) : ""}
        opener={opener}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}

/** Every mail: its name and when it goes, whom to, its switch, and its preview's button. */
function MailsTable({
  mails,
  onPreview,
}: {
  mails: MailRow[];
  onPreview: (kind: StoreMailKind, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation();
  const title = (kind: StoreMailKind) => t(`backOffice.mails.kinds.${kind}.title`);
  return (
    <DataTable
      rows={mails}
      rowKey={(mail) => mail.kind}
      caption={t("backOffice.mails.listTitle")}
      captionClassName="mb-2 text-left text-lg font-semibold"
      alignTop
      columns={[
        {
          key: "mail",
          header: t("backOffice.mails.columns.mail"),
          cell: (mail) => (
            <>
              <span className="font-semibold">{title(mail.kind)}</span>
              <span className="block text-sm text-stone-700">
                {t(`backOffice.mails.kinds.${mail.kind}.description`)}
              </span>
            </>
          ),
        },
        {
          key: "to",
          header: t("backOffice.mails.columns.to"),
          cell: (mail) => t(`backOffice.mails.to.${mail.to}`),
        },
        {
          key: "send",
          header: t("backOffice.mails.columns.send"),
          cell: (mail) => (
            <CheckboxInput
              name={`enabled.${mail.kind}`}
              checked={mail.enabled}
              aria-label={t("backOffice.mails.send", { mail: title(mail.kind) })}
            >
              {null}
            </CheckboxInput>
          ),
        },
        {
          key: "preview",
          header: t("backOffice.mails.columns.preview"),
          cell: (mail) => (
            <button
              type="button"
              className={ADMIN_ROW_BUTTON}
              aria-label={t("backOffice.mails.previewLabel", { mail: title(mail.kind) })}
              aria-haspopup="dialog"
              onClick={(event) => onPreview(mail.kind, event.currentTarget)}
            >
              {t("backOffice.mails.previewButton")}
            </button>
          ),
        },
      ]}
    />
  );
}
