import { taxRates } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { TAX_CSV_COLUMNS } from "../../lib/tax-csv.ts";
import { insertStoreTaxClasses } from "../../services/taxes/tax-fixtures.test-helper.ts";
import { loadTaxRates } from "../../services/taxes/tax-rates.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const header = TAX_CSV_COLUMNS.map((column) => `"${column}"`).join(",");

describe.each(await availableDialects())("taxes REST on %s", (dialect) => {
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  const call = server.call;
  beforeEach(async () => {
    purges.length = 0;
    await insertStoreTaxClasses(server.db);
  });
  const admin = async () => (await server.session("administrator")).headers;

  it("creates, reads, lists by class and page, updates and deletes rates in WooCommerce's shape", async () => {
    const headers = await admin();
    const made = await call("/taxes", headers, "POST", {
      country: "ES",
      rate: "21",
      name: "IVA",
      postcodes: ["28*", "08000...08999"],
      cities: ["Madrid"],
    });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect(made.body).toEqual({
      id,
      country: "ES",
      state: "",
      postcode: "08000...08999",
      city: "MADRID",
      postcodes: ["28*", "08000...08999"],
      cities: ["MADRID"],
      rate: "21.0000",
      name: "IVA",
      priority: 1,
      compound: false,
      shipping: true,
      order: 0,
      class: "standard",
    });
    expect(purges).toEqual([undefined]);
    const reduced = await call("/taxes", headers, "POST", {
      country: "ES",
      rate: 10,
      name: "IVA reducido",
      class: "reduced-rate",
    });
    expect(reduced.body).toMatchObject({ class: "reduced-rate", rate: "10.0000" });
    for (const order of [1, 2]) await call("/taxes", headers, "POST", { country: "PT", rate: "23", order });
    expect((await call(`/taxes/${id}`, headers)).body).toEqual(made.body);

    const standard = await fetch(`${server.origin}/api/vitrine/v2/taxes?class=standard&per_page=2`, {
      headers,
    });
    expect(standard.headers.get("X-Vitrine-Total")).toBe("3");
    expect(standard.headers.get("X-Vitrine-TotalPages")).toBe("2");
    expect(standard.headers.get("Link")).toContain('rel="next"');
    expect(((await standard.json()) as Array<{ country: string }>).map((rate) => rate.country)).toEqual([
      "ES",
      "PT",
    ]);
    const ofReduced = await call("/taxes?class=reduced-rate", headers);
    expect((ofReduced.body as Array<{ name: string }>).map((rate) => rate.name)).toEqual(["IVA reducido"]);

    // A client sends the rate back whole, id included; `postcode` stands for `postcodes` when alone.
    const changed = await call(`/taxes/${id}`, headers, "PUT", {
      ...made.body,
      postcodes: undefined,
      postcode: "28001;28002",
    });
    expect(changed.body).toMatchObject({ postcodes: ["28001", "28002"], postcode: "28002", rate: "21.0000" });
    expect((await call(`/taxes/${id}`, headers, "DELETE")).status).toBe(501);
    const deleted = await call(`/taxes/${id}?force=true`, headers, "DELETE");
    expect(deleted.body).toMatchObject({ id, name: "IVA" });
    expect((await call(`/taxes/${id}`, headers)).body).toMatchObject({
      code: "woocommerce_rest_invalid_id",
      data: { status: 404 },
    });
    expect((await loadTaxRates(server.db)).map((rate) => rate.country)).toEqual(["PT", "PT", "ES"]);
  });

  it("refuses bad rates with the field at fault, writes nothing, and is for administrators only", async () => {
    const headers = await admin();
    for (const [body, param] of [
      [{ rate: "101" }, "rate"],
      [{ rate: "5.12345" }, "rate"],
      [{ country: "Spain" }, "country"],
      [{ postcodes: ["1...x"] }, "postcodes"],
      [{ class: "luxury" }, "class"],
    ] as const) {
      const refused = await call("/taxes", headers, "POST", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toMatchObject({ code: "rest_invalid_param", data: { param, status: 400 } });
    }
    expect(await server.db.select().from(taxRates)).toEqual([]);
    expect(purges).toEqual([]);
    const editor = (await server.session("editor")).headers;
    expect((await call("/taxes", editor)).status).toBe(403);
    expect((await call("/taxes", {})).status).toBe(401);
  });

  it("makes a batch's changes one by one, each refusal in its place", async () => {
    const headers = await admin();
    const first = (await call("/taxes", headers, "POST", { country: "FR", rate: "20" })).body.id as number;
    const answer = await call("/taxes/batch", headers, "POST", {
      create: [
        { country: "DE", rate: "19" },
        { country: "DE", rate: "190" },
      ],
      update: [
        { id: first, rate: "5.5" },
        { id: 9999, rate: "1" },
      ],
      delete: [9998],
    });
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as Record<
      "create" | "update" | "delete",
      Array<Record<string, unknown>>
    >;
    expect(body.create[0]).toMatchObject({ country: "DE", rate: "19.0000" });
    expect(body.create[1]).toMatchObject({
      error: { code: "rest_invalid_param", data: { status: 400, param: "rate" } },
    });
    expect(body.update[0]).toMatchObject({ id: first, rate: "5.5000" });
    expect(body.update[1]).toEqual({
      id: 9999,
      error: { code: "woocommerce_rest_invalid_id", message: "Invalid resource ID.", data: { status: 404 } },
    });
    expect(body.delete[0]).toMatchObject({ id: 9998, error: { code: "woocommerce_rest_invalid_id" } });
    expect((await loadTaxRates(server.db)).map((rate) => rate.rate).sort()).toEqual(["19.0000", "5.5000"]);
  });

  it("lists, creates and deletes classes as WooCommerce's taxes/classes", async () => {
    const headers = await admin();
    expect((await call("/taxes/classes", headers)).body).toEqual([
      { slug: "standard", name: "Standard" },
      { slug: "reduced-rate", name: "Reduced rate" },
      { slug: "zero-rate", name: "Zero rate" },
    ]);
    const made = await call("/taxes/classes", headers, "POST", { name: "Super reducido" });
    expect(made).toEqual({ status: 201, body: { slug: "super-reducido", name: "Super reducido" } });
    expect((await call("/taxes/classes", headers, "POST", { name: "Super reducido" })).body).toMatchObject({
      code: "woocommerce_rest_tax_class_exists",
    });
    await call("/taxes", headers, "POST", { country: "ES", rate: "4", class: "super-reducido" });
    expect((await call("/taxes/classes/super-reducido", headers, "DELETE")).status).toBe(501);
    expect((await call("/taxes/classes/super-reducido?force=true", headers, "DELETE")).body).toEqual({
      slug: "super-reducido",
      name: "Super reducido",
    });
    expect(await loadTaxRates(server.db)).toEqual([]);
    expect((await call("/taxes/classes/standard?force=true", headers, "DELETE")).status).toBe(404);
  });

  it("imports WooCommerce's CSV whole or not at all, and exports what it holds", async () => {
    const headers = await admin();
    const file = `${header}\nES,*,*,*,21.0000,IVA,1,0,1,\nES,*,*,*,10.0000,IVA,1,0,1,reduced-rate\nUS,CA,"90210; 91*",*,7.25,CA,1,0,0,\n`;
    expect((await call("/taxes/import", headers, "POST", { csv: file })).body).toEqual({ imported: 3 });
    expect(purges).toEqual([undefined]);
    for (const bad of [
      `${header}\nES,*,*,*,21,IVA,1,0,1,\nES,*,*,*,abc,IVA,1,0,1,\n`,
      `${header}\nES,*,*,*,21,IVA,1,0,1,\nESP,*,*,*,21,IVA,1,0,1,\n`,
      `${header}\nES,*,*,*,21,IVA,1,0,1,\nES,*,*,*,21,IVA,1,0,1,luxury\n`,
    ]) {
      const refused = await call("/taxes/import", headers, "POST", { csv: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "vitrine_tax_csv_invalid", data: { line: "3" } });
    }
    expect(await loadTaxRates(server.db)).toHaveLength(3);
    const exported = await fetch(`${server.origin}/api/vitrine/v2/taxes/export`, { headers });
    expect(exported.headers.get("Content-Type")).toContain("text/csv");
    const text = await exported.text();
    expect(text.split("\r\n").slice(0, 4)).toEqual([
      TAX_CSV_COLUMNS.join(","),
      "ES,*,*,*,21.0000,IVA,1,0,1,",
      "US,CA,90210; 91*,*,7.2500,CA,1,0,0,",
      "ES,*,*,*,10.0000,IVA,1,0,1,reduced-rate",
    ]);
    // Exported and imported again: the same rates, after the ones there.
    await call("/taxes/import", headers, "POST", { csv: text });
    const rates = await loadTaxRates(server.db);
    expect(rates).toHaveLength(6);
    const standard = rates.filter((rate) => rate.class === "");
    expect(standard.map((rate) => rate.order)).toEqual([0, 1, 2, 3]);
    expect(standard[2]).toMatchObject({ country: "ES", rate: "21.0000", postcodes: [], shipping: true });
    expect(standard[3]).toMatchObject({
      country: "US",
      state: "CA",
      postcodes: ["90210", "91*"],
      shipping: false,
    });
  });
});
