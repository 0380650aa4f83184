import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ADMIN, adminApi, EMPTY_STORE, expect, test } from "./fixtures.ts";
import { backOfficeHydrated, seriousViolations } from "./support.ts";

/**
 * The Taxes page (issue 41, decision 0067) on the worker's empty store: rates are store-wide, so
 * not on the store other tests read; the test deletes the rates it made, and the fixture puts the
 * tax options back with the other settings.
 */

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/my-account`);
  const login = page.locator("form.woocommerce-form-login");
  await login.locator('input[name="username"]').fill(ADMIN.email);
  await login.locator('input[name="password"]').fill(ADMIN.password);
  await login.locator('button[type="submit"]').click();
  await expect(page.locator('input[name="intent"][value="logout"]')).toBeAttached();
}

/** Fills the table's row `n` (from 1) with a rate's country, rate and name. */
async function fillRate(page: Page, n: number, rate: { country: string; rate: string; name: string }) {
  await page.getByRole("textbox", { name: `Country code, rate ${n}` }).fill(rate.country);
  await page.getByRole("textbox", { name: `Rate %, rate ${n}` }).fill(rate.rate);
  await page.getByRole("textbox", { name: `Tax name, rate ${n}` }).fill(rate.name);
}

test("the owner sets Spain's 21 % IVA and a reduced 10 % in the back office, prices entered with tax", async ({
  page,
  request,
  sharedStore,
}) => {
  test.setTimeout(180_000);
  const { origin } = await sharedStore(EMPTY_STORE);
  const { call, revoke } = await adminApi(request, origin);
  await signIn(page, origin);
  try {
    await test.step("the Taxes page is in the back office's menu, and axe finds nothing serious", async () => {
      await page.goto(`${origin}/admin`);
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Taxes" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Taxes" })).toBeVisible();
      await backOfficeHydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step("prices entered with tax, tax by the billing address", async () => {
      await page
        .getByLabel("Prices entered with tax")
        .selectOption({ label: "Yes, I will enter prices inclusive of tax" });
      await page.getByLabel("Calculate tax based on").selectOption({ label: "Customer billing address" });
      await page.getByRole("button", { name: "Save tax options" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Tax options saved." })).toBeVisible();
    });

    await test.step("a standard rate: a wrong rate is refused in place, 21 % IVA for Spain is saved", async () => {
      await page.getByRole("button", { name: "Insert row" }).click();
      await fillRate(page, 1, { country: "ES", rate: "121", name: "IVA" });
      await page.getByRole("button", { name: "Save rates" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Rate 1: Rate % is not valid." })).toBeVisible();
      await page.getByRole("textbox", { name: "Rate %, rate 1" }).fill("21");
      await page.getByRole("button", { name: "Save rates" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Tax rates saved." })).toBeVisible();
      // Read again as saved: four decimals, the rate's row now a saved one.
      await expect(page.getByRole("textbox", { name: "Rate %, rate 1" })).toHaveValue("21.0000");
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step("the reduced rate class's tab: 10 % IVA reducido", async () => {
      await page
        .getByRole("navigation", { name: "Tax classes" })
        .getByRole("link", { name: "Reduced rate rates" })
        .click();
      await expect(page.getByRole("heading", { name: "“Reduced rate” rates" })).toBeVisible();
      await expect(page.getByText("No rates in this class yet.")).toBeVisible();
      await page.getByRole("button", { name: "Insert row" }).click();
      await fillRate(page, 1, { country: "es", rate: "10", name: "IVA reducido" });
      await page.getByRole("button", { name: "Save rates" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Tax rates saved." })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Country code, rate 1" })).toHaveValue("ES");
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step("the REST API holds what the page saved, and the options too", async () => {
      const rates = await call<Array<{ country: string; rate: string; name: string; class: string }>>(
        "GET",
        "/taxes",
      );
      expect(
        rates.map(({ country, rate, name, class: taxClass }) => ({ country, rate, name, class: taxClass })),
      ).toEqual([
        { country: "ES", rate: "21.0000", name: "IVA", class: "standard" },
        { country: "ES", rate: "10.0000", name: "IVA reducido", class: "reduced-rate" },
      ]);
      const settings = await call<{ taxes: { pricesIncludeTax: boolean; basedOn: string } }>(
        "GET",
        "/settings",
      );
      expect(settings.taxes).toMatchObject({ pricesIncludeTax: true, basedOn: "billing" });
    });

    await test.step("WooCommerce's CSV: a file with a wrong rate adds nothing, a good one adds its rates, the export has them", async () => {
      const header =
        '"Country code","State code","Postcode / ZIP","City","Rate %","Tax name","Priority","Compound","Shipping","Tax class"';
      const upload = async (name: string, text: string) => {
        await page
          .getByLabel("Tax rates CSV file")
          .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
        await page.getByRole("button", { name: "Import CSV" }).click();
      };
      await upload(
        "bad.csv",
        `${header}\nPT,*,*,*,6,IVA,1,0,1,reduced-rate\nFR,*,*,*,5.5.5,TVA,1,0,1,reduced-rate\n`,
      );
      await expect(
        page.getByRole("alert").filter({ hasText: "Nothing was imported: line 3, “Rate %” is not valid." }),
      ).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Country code, rate 2" })).toHaveCount(0);
      await upload(
        "good.csv",
        `${header}\nPT,*,*,*,6,IVA,1,0,1,reduced-rate\nFR,*,75*,PARIS,5.5,TVA,1,0,1,reduced-rate\n`,
      );
      await expect(
        page.getByRole("status").filter({ hasText: "Import complete: imported 2 tax rates." }),
      ).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Postcode / ZIP, rate 3" })).toHaveValue("75*");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export CSV" }).click(),
      ]);
      const exported = await readFile((await download.path())!, "utf8");
      expect(exported.split("\r\n")).toEqual([
        "Country code,State code,Postcode / ZIP,City,Rate %,Tax name,Priority,Compound,Shipping,Tax class",
        "ES,*,*,*,10.0000,IVA reducido,1,0,1,reduced-rate",
        "PT,*,*,*,6.0000,IVA,1,0,1,reduced-rate",
        "FR,*,75*,PARIS,5.5000,TVA,1,0,1,reduced-rate",
        "",
      ]);
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step("in Spanish, the page reads in Spanish and axe finds nothing serious", async () => {
      await page.goto(`${origin}/admin/taxes?class=reduced-rate&lang=es`);
      await expect(page.getByRole("heading", { level: 1, name: "Impuestos" })).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Tasa %, tasa 1" })).toHaveValue("10.0000");
      await backOfficeHydrated(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`${origin}/admin/taxes?lang=en`);
    });
  } finally {
    const rates = await call<Array<{ id: number }>>("GET", "/taxes?per_page=100");
    if (rates.length > 0) await call("POST", "/taxes/batch", { delete: rates.map((rate) => rate.id) });
    await revoke();
  }
});
