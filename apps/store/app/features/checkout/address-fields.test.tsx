import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/i18n.ts";
import { countBuilt } from "../../i18n/intl-counting.test-helper.ts";
import { AddressFields } from "./address-fields.tsx";

describe("the checkout's address fields", () => {
  it("name every country in the page's language with one names object however many countries there are", () => {
    const countries = Object.fromEntries(
      ["ES", "US", "FR", "DE", "MX", "AR", "JP", "BR", "IT", "PT"].map((code) => [code, [] as string[]]),
    );
    let markup = "";
    const built = countBuilt("DisplayNames", () => {
      for (const prefix of ["billing", "shipping"] as const) {
        markup += renderToStaticMarkup(
          <I18nextProvider i18n={createI18n("es")}>
            <AddressFields
              prefix={prefix}
              country="ES"
              onCountryChange={() => {}}
              countries={countries}
              values={{}}
              errors={{}}
            />
          </I18nextProvider>,
        );
      }
    });
    expect(built).toBeLessThanOrEqual(1);
    const spanish = new Intl.DisplayNames(["es"], { type: "region" });
    for (const code of Object.keys(countries)) {
      expect(markup).toContain(
        `<option value="${code}"${code === "ES" ? ' selected=""' : ""}>${spanish.of(code)}</option>`,
      );
    }
    expect(markup).toContain(">España</option>");
  });
});
