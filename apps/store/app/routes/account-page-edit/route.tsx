import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { TextareaField, TextField } from "../../components/ui/fields.tsx";
import { languageNames } from "../../i18n/figures.ts";
import { locales } from "../../i18n/i18n.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { textFieldName } from "../../lib/field-names.ts";
import type { EditableText } from "../../services/content/page-editor.server.ts";
import type { Route } from "./+types/route";
import { loadPageEditor, savePageEditor } from "./page-edit.server.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPageEditor(context, params.slug);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return savePageEditor(context, request, params.slug);
}

export function meta() {
  return [{ title: "Edit page" }, { name: "robots", content: "noindex" }];
}

/**
 * The page editor of editors and administrators (spec §6 "Roles"): the page's title and its blocks'
 * texts in every store language, one plain form that works without JavaScript.
 */
export default function EditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { page, nonce } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const language = (locale: string) => languageNames(i18n.language).of(locale);
  const field = (name: string, label: string, value: string, max: number, long = false) => {
    const props = {
      id: name,
      name,
      label,
      defaultValue: values[name] ?? value,
      maxLength: max,
      error: errors[name] && t(errors[name]),
      className: "",
    };
    return long ? (
      <TextareaField key={name} rows={3} {...props} />
    ) : (
      <TextField key={name} type="text" {...props} />
    );
  };
  const textFields = (blockId: number, text: EditableText) =>
    locales.map((locale) =>
      field(
        textFieldName(blockId, text.path, locale),
        `${t(`pages.fields.${text.path.replace(".", "_")}`)} (${language(locale)})`,
        text.value[locale] ?? "",
        text.max,
        text.path === "text",
      ),
    );

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-semibold">
        {t("pages.editTitle", { page: page.title[i18n.language] || page.slug })}
      </h1>
      {errors.form && (
        <p role="alert" className="border-l-4 border-sale bg-red-50 px-4 py-3">
          {t(errors.form)}
        </p>
      )}
      <Form method="post" className="max-w-2xl space-y-6">
        <input type="hidden" name="_wpnonce" value={nonce} />
        <fieldset className="space-y-3">
          <legend className="text-xl font-semibold">{t("pages.pageTitle")}</legend>
          {locales.map((locale) =>
            field(
              textFieldName(null, "", locale),
              `${t("pages.pageTitle")} (${language(locale)})`,
              page.title[locale] ?? "",
              200,
            ),
          )}
        </fieldset>
        {page.blocks
          .filter((block) => block.texts.length > 0)
          .map((block) => (
            // The storefront's edit links open the editor on the block (`#block-{id}`).
            <fieldset
              key={block.id}
              id={`block-${block.id}`}
              className="space-y-3 target:ring-2 target:ring-brand"
            >
              <legend className="text-xl font-semibold">{t(`pages.blocks.${block.type}`)}</legend>
              {block.texts.flatMap((text) => textFields(block.id, text))}
            </fieldset>
          ))}
        <div className="flex items-center gap-4">
          <Button type="submit">{t("pages.save")}</Button>
          <Link to={page.slug === "home" ? "/" : `/${page.slug}`} className="underline">
            {t("pages.view")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
