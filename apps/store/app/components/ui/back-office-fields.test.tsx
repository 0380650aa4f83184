import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxInput, InputField, SelectInput, TextAreaField } from "./back-office-fields.tsx";

/** The `aria-describedby` ids of the one control in `html`, and the ids of its hints. */
function described(html: string, control: "input" | "select" | "textarea") {
  const tag = html.match(new RegExp(`<${control}\\b[^>]*>`))?.[0] ?? "";
  const ids = tag.match(/aria-describedby="([^"]*)"/)?.[1]?.split(" ") ?? [];
  const hints = [...html.matchAll(/<p id="([^"]+)"[^>]*>([^<]*)<\/p>/g)].map(([, id, text]) => ({
    id,
    text,
  }));
  return { ids, hints };
}

describe("the back office's fields wire their hints for screen readers", () => {
  it("a field with a hint is described by it, then by the ids it is given", () => {
    const html = renderToStaticMarkup(
      <InputField name="ga4" label="GA4 id" value="" hint="Starts with G-." describedBy="form-error" />,
    );
    const { ids, hints } = described(html, "input");
    expect(hints).toEqual([{ id: ids[0], text: "Starts with G-." }]);
    expect(ids).toEqual([hints[0]!.id, "form-error"]);
    expect(html).toContain('name="ga4"');
  });

  it("a field without a hint draws none and is described only by what it is given, or nothing", () => {
    const plain = described(
      renderToStaticMarkup(<InputField name="city" label="City" value="Lyon" />),
      "input",
    );
    expect(plain).toEqual({ ids: [], hints: [] });
    const shared = described(
      renderToStaticMarkup(<InputField name="days" label="Days" value={7} describedBy="retention-hint" />),
      "input",
    );
    expect(shared).toEqual({ ids: ["retention-hint"], hints: [] });
  });

  it("selects and checkboxes do the same", () => {
    const select = described(
      renderToStaticMarkup(
        <SelectInput name="currency" label="Currency" value="EUR" hint="Prices are not converted.">
          <option value="EUR">EUR</option>
        </SelectInput>,
      ),
      "select",
    );
    expect(select.ids).toEqual([select.hints[0]!.id]);
    const checkbox = described(
      renderToStaticMarkup(
        <CheckboxInput name="banner" checked hint="Off: nothing is asked.">
          Ask for consent
        </CheckboxInput>,
      ),
      "input",
    );
    expect(checkbox.ids).toEqual([checkbox.hints[0]!.id]);
    expect(checkbox.hints[0]!.text).toBe("Off: nothing is asked.");
  });

  it("a text area does the same, inside its label, holding its text", () => {
    const html = renderToStaticMarkup(
      <TextAreaField name="description" label="Description" value="Soft." hint="Shown under the name." />,
    );
    const area = described(html, "textarea");
    expect(area.ids).toEqual([area.hints[0]!.id]);
    expect(html).toMatch(
      /<label[^>]*>Description<textarea[^>]*name="description"[^>]*>Soft\.<\/textarea><\/label>/,
    );
  });

  it("two fields on one page get hints of their own", () => {
    const html = renderToStaticMarkup(
      <>
        <InputField name="a" label="A" value="" hint="First." />
        <InputField name="b" label="B" value="" hint="Second." />
      </>,
    );
    const ids = [...html.matchAll(/aria-describedby="([^"]*)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(2);
  });
});
