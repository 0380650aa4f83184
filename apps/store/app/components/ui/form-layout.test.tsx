import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n.ts";
import { FormLayout } from "./form-layout.tsx";
import { formSnapshot } from "./form-snapshot.ts";

function form(entries: [string, string | File][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("a form's snapshot tells an edited form from the one drawn", () => {
  it("is the same for the same values, and differs when one changes, is added or moves", () => {
    const drawn = formSnapshot(
      form([
        ["name", "Vitrine"],
        ["countries", "ES"],
      ]),
    );
    expect(
      formSnapshot(
        form([
          ["name", "Vitrine"],
          ["countries", "ES"],
        ]),
      ),
    ).toBe(drawn);
    expect(
      formSnapshot(
        form([
          ["name", "Vitrina"],
          ["countries", "ES"],
        ]),
      ),
    ).not.toBe(drawn);
    expect(
      formSnapshot(
        form([
          ["name", "Vitrine"],
          ["countries", "ES"],
          ["countries", "FR"],
        ]),
      ),
    ).not.toBe(drawn);
    expect(
      formSnapshot(
        form([
          ["countries", "ES"],
          ["name", "Vitrine"],
        ]),
      ),
    ).not.toBe(drawn);
  });

  it("counts a file by its name and size", () => {
    const a = formSnapshot(form([["file", new File(["12"], "a.png")]]));
    expect(a).toBe(formSnapshot(form([["file", new File(["34"], "a.png")]])));
    expect(a).not.toBe(formSnapshot(form([["file", new File(["123"], "a.png")]])));
  });
});

describe("FormLayout", () => {
  function render(language: "en" | "es") {
    const Stub = createRoutesStub([
      {
        path: "/admin/settings",
        Component: () => (
          <FormLayout
            onSave={() => true}
            saveLabel="Save settings"
            busy={false}
            messages={<p role="alert">Refused.</p>}
          >
            <input name="name" defaultValue="Vitrine" />
          </FormLayout>
        ),
      },
    ]);
    return renderToStaticMarkup(
      <I18nextProvider i18n={createI18n(language)}>
        <Stub initialEntries={["/admin/settings"]} />
      </I18nextProvider>,
    );
  }

  it("draws the fields, then the save bar with its messages and button; clean, it warns of nothing", () => {
    const html = render("en");
    expect(html).toMatch(
      /^<form class="space-y-6"><input name="name" value="Vitrine"\/><div class="save-bar space-y-2"><p role="alert">Refused.<\/p><div[^>]*><button type="submit" class="[^"]*">Save settings<\/button><\/div><\/div><\/form>$/,
    );
    expect(html).not.toContain("unsaved");
  });
});
