import { products, taxRates } from "@vitrine/db";
import { availableDialects, createTestDatabase, type TestDatabase } from "@vitrine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { taxRateInput } from "../../lib/tax-resource.ts";
import { calcTax, matchTaxRates } from "../../lib/totals/tax-rates.ts";
import { insertSimpleProduct } from "../catalogue/catalogue-fixtures.test-helper.ts";
import { updateStoreSettings } from "../settings/settings.server.ts";
import { purgeRecordingContext } from "../shared/test-context.test-helper.ts";
import { importTaxRates } from "./tax-csv.server.ts";
import { insertStoreTaxClasses } from "./tax-fixtures.test-helper.ts";
import {
  createTaxClass,
  createTaxRate,
  deleteTaxClass,
  deleteTaxRate,
  listTaxRates,
  loadTaxClasses,
  loadTaxRates,
  taxesChanged,
  updateTaxRate,
} from "./tax-rates.server.ts";

const input = (value: unknown) => taxRateInput.parse(value);

describe.each(await availableDialects())("tax classes and rates on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.reset();
    await insertStoreTaxClasses(database.db);
  });

  it("starts with WooCommerce's classes, the standard one first", async () => {
    const fresh = await createTestDatabase(dialect);
    try {
      expect(await loadTaxClasses(fresh.db)).toEqual(await loadTaxClasses(database.db));
    } finally {
      await fresh.close();
    }
    expect(await loadTaxClasses(database.db)).toEqual([
      { slug: "", name: "Standard" },
      { slug: "reduced-rate", name: "Reduced rate" },
      { slug: "zero-rate", name: "Zero rate" },
    ]);
  });

  it("creates a rate with WooCommerce's defaults, changes only what is given, and deletes it", async () => {
    const db = database.db;
    const iva = await createTaxRate(db, input({ country: "es", rate: "21", name: "IVA" }));
    expect(iva).toEqual({
      id: iva.id,
      class: "",
      country: "ES",
      state: "",
      postcodes: [],
      cities: [],
      rate: "21.0000",
      name: "IVA",
      priority: 1,
      compound: false,
      shipping: true,
      order: 0,
    });
    const changed = await updateTaxRate(
      db,
      iva.id,
      input({ postcodes: ["28*", "08000...08999"], cities: ["Madrid"] }),
    );
    expect(changed).toMatchObject({
      rate: "21.0000",
      name: "IVA",
      postcodes: ["28*", "08000...08999"],
      cities: ["MADRID"],
    });
    const reduced = await updateTaxRate(db, iva.id, input({ class: "reduced-rate", rate: 10.5 }));
    expect(reduced).toMatchObject({
      class: "reduced-rate",
      rate: "10.5000",
      postcodes: ["28*", "08000...08999"],
    });
    expect(await updateTaxRate(db, iva.id + 1000, input({ rate: "1" }))).toBeNull();
    expect(await deleteTaxRate(db, iva.id)).toMatchObject({ id: iva.id, name: "IVA" });
    expect(await deleteTaxRate(db, iva.id)).toBeNull();
    expect(await loadTaxRates(db)).toEqual([]);
  });

  it("refuses a rate out of 0–100 or with more than four decimals, a country that is not ISO, a bad postcode, an unknown class", async () => {
    for (const [body, param] of [
      [{ rate: "100.0001" }, "rate"],
      [{ rate: "-1" }, "rate"],
      [{ rate: "7.12345" }, "rate"],
      [{ rate: "abc" }, "rate"],
      [{ country: "ESP" }, "country"],
      [{ country: "XX" }, "country"],
      [{ postcodes: ["28**"] }, "postcodes"],
      [{ postcodes: ["2000...1000"] }, "postcodes"],
      [{ postcode: "28001; 2*8" }, "postcode"],
      [{ class: "Reduced Rate" }, "class"],
      [{ priority: -1 }, "priority"],
      [{ unknown: 1 }, ""],
    ] as const) {
      const parsed = taxRateInput.safeParse(body);
      expect(parsed.success, JSON.stringify(body)).toBe(false);
      expect(String(parsed.error?.issues[0]?.path[0] ?? "")).toBe(param);
    }
    expect(taxRateInput.parse({ rate: "100" }).rate).toBe("100.0000");
    expect(taxRateInput.parse({ country: "*", postcode: "28001; 28002" })).toMatchObject({
      country: "",
      postcodes: ["28001", "28002"],
    });
    await expect(createTaxRate(database.db, input({ class: "luxury", rate: "30" }))).rejects.toMatchObject({
      param: "class",
    });
    expect(await loadTaxRates(database.db)).toEqual([]);
  });

  it("keeps the table in memory until a change empties it, and a change purges every cached page", async () => {
    const db = database.db;
    await createTaxRate(db, input({ country: "ES", rate: "21" }));
    const first = await loadTaxRates(db);
    expect(await loadTaxRates(db)).toBe(first);
    // Written behind the service's back: the kept table does not see it…
    await db.insert(taxRates).values({ country: "FR", rate: "20" });
    expect(await loadTaxRates(db)).toHaveLength(1);
    // …until a change to the taxes announces itself.
    const context = purgeRecordingContext(db);
    taxesChanged(context);
    expect(context.purged).toEqual([[]]);
    expect((await loadTaxRates(db)).map((rate) => rate.country)).toEqual(["ES", "FR"]);
    // The service's own writes empty it at once.
    await createTaxRate(db, input({ country: "DE", rate: "19" }));
    expect(await loadTaxRates(db)).toHaveLength(3);
  });

  it("lists a class's rates by page in the owner's order, and keeps the table in that order", async () => {
    const db = database.db;
    const made = [];
    // Made in one order, ordered by the owner's numbers in another.
    for (const [country, order] of [
      ["ES", 1],
      ["FR", 2],
      ["DE", 0],
    ] as const)
      made.push(await createTaxRate(db, input({ country, rate: "5", order })));
    await createTaxRate(db, input({ country: "PT", rate: "6", class: "reduced-rate" }));
    const page = await listTaxRates(db, { class: "", orderby: "order", order: "asc", limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.rates.map((rate) => rate.country)).toEqual(["DE", "ES"]);
    expect((await loadTaxRates(db)).filter((rate) => rate.class === "").map((rate) => rate.country)).toEqual([
      "DE",
      "ES",
      "FR",
    ]);
  });

  it("lets shipping's tax class be one of the store's only", async () => {
    const db = database.db;
    expect(
      (await updateStoreSettings(db, { taxes: { shippingTaxClass: "reduced-rate" } })).taxes.shippingTaxClass,
    ).toBe("reduced-rate");
    await expect(updateStoreSettings(db, { taxes: { shippingTaxClass: "luxury" } })).rejects.toMatchObject({
      key: "taxes",
    });
    expect((await updateStoreSettings(db, { taxes: { shippingTaxClass: "" } })).taxes.shippingTaxClass).toBe(
      "",
    );
  });

  it("creates classes by name, refuses a taken slug, and deletes one with its rates, its products going standard", async () => {
    const db = database.db;
    expect(await createTaxClass(db, { name: "Libros y prensa" })).toEqual({
      slug: "libros-y-prensa",
      name: "Libros y prensa",
    });
    await expect(createTaxClass(db, { name: "Reduced rate" })).rejects.toMatchObject({
      code: "woocommerce_rest_tax_class_exists",
    });
    await expect(createTaxClass(db, { name: "Standard" })).rejects.toMatchObject({
      code: "woocommerce_rest_tax_class_exists",
    });
    await createTaxRate(db, input({ country: "ES", rate: "4", class: "libros-y-prensa" }));
    const { id: book } = await insertSimpleProduct(db, { slug: "a-book", price: 1000 });
    await db.update(products).set({ taxClass: "libros-y-prensa" }).where(eq(products.id, book));
    expect(await deleteTaxClass(db, "libros-y-prensa")).toEqual({
      slug: "libros-y-prensa",
      name: "Libros y prensa",
    });
    expect(await deleteTaxClass(db, "libros-y-prensa")).toBeNull();
    expect(await deleteTaxClass(db, "")).toBeNull();
    expect(await loadTaxRates(db)).toEqual([]);
    const [product] = await db
      .select({ taxClass: products.taxClass })
      .from(products)
      .where(eq(products.id, book));
    expect(product?.taxClass).toBe("");
  });

  /** WooCommerce's tax-rate CSV, as its own "Export CSV" and importer write and read it. */
  describe("WooCommerce's tax-rate CSV imported", () => {
    const header =
      "Country code,State code,Postcode / ZIP,City,Rate %,Tax name,Priority,Compound,Shipping,Tax class";
    const california = { country: "US", state: "CA", city: "LOS ANGELES" };

    it("takes WooCommerce's own export of a class's tab, which names the class rather than giving its slug", async () => {
      // WooCommerce's "Export CSV" writes the tab's class name in the last column, and its importer
      // reads it through sanitize_title; "standard" is the standard class either way.
      const file = `${header}\nES,,,,10.0000,IVA reducido,1,0,1,Reduced rate\nPT,,,,6.0000,IVA,1,0,1,Reduced rate\nFR,,,,20.0000,TVA,1,0,1,Standard\n`;
      expect(await importTaxRates(database.db, file)).toEqual({ imported: 3 });
      expect((await loadTaxRates(database.db)).map((rate) => [rate.country, rate.class])).toEqual([
        ["FR", ""],
        ["ES", "reduced-rate"],
        ["PT", "reduced-rate"],
      ]);
      // A class the store does not have is still refused, by its line.
      await expect(
        importTaxRates(
          database.db,
          `${header}\nES,,,,21.0000,IVA,1,0,1,\nES,,,,30.0000,Lujo,1,0,1,Luxury goods\n`,
        ),
      ).rejects.toMatchObject({ refusal: { line: 3, column: "Tax class" } });
      expect(await loadTaxRates(database.db)).toHaveLength(3);
    });

    it("takes a postcode range whose three dots a spreadsheet turned into an ellipsis", async () => {
      const file = `${header}\r\nUS,CA,90000\u202690099; 91*,,7.2500,CA,1,0,1,\r\n`;
      expect(await importTaxRates(database.db, file)).toEqual({ imported: 1 });
      const rates = await loadTaxRates(database.db);
      expect(rates[0]?.postcodes).toEqual(["90000...90099", "91*"]);
      expect(matchTaxRates(rates, { ...california, postcode: "90050" }, "")).toHaveLength(1);
      expect(matchTaxRates(rates, { ...california, postcode: "90210" }, "")).toHaveLength(0);
    });

    it("reads an empty priority as WooCommerce's importer does, 0, so a rate of priority 1 still stacks on it", async () => {
      const file = `${header}\nUS,CA,,,6.0000,CA state,,0,1,\nUS,CA,,LOS ANGELES,2.2500,LA county,1,0,1,\n`;
      expect(await importTaxRates(database.db, file)).toEqual({ imported: 2 });
      const rates = matchTaxRates(await loadTaxRates(database.db), { ...california, postcode: "90012" }, "");
      expect(rates.map((rate) => [rate.name, rate.priority])).toEqual([
        ["CA state", 0],
        ["LA county", 1],
      ]);
      // 8.25 % of 100.00, in micro-cents: both rates, as WooCommerce charges them.
      expect(Object.values(calcTax(10_000, rates, false)).reduce((sum, share) => sum + share, 0)).toBe(
        825_000_000,
      );
    });
  });
});
