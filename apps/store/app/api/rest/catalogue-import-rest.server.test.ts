import { catalogueImportPictures, media, products } from "@vitrine/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settledRuns } from "../../services/catalogue-io/catalogue-import-runs.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const CSV = [
  "ID,Type,SKU,Name,Published,Regular price,Categories,Images,Supplier code",
  ",simple,IMP-MUG,Enamel mug,1,12.50,Kitchen > Mugs,https://pictures.example/mug.png,A1",
  ",simple,IMP-BAD,Broken price,1,12.5.0,Kitchen,,A2",
  ",simple,IMP-CUP,Tea cup,1,8,Kitchen > Cups,,A3",
].join("\n");

describe("the catalogue import over REST", () => {
  const server = restTestServer("pglite");

  const upload = (
    headers: Record<string, string>,
    text: string | Buffer,
    filename: string,
    accept?: string,
  ) => {
    const body = new FormData();
    body.append("file", new Blob([typeof text === "string" ? text : new Uint8Array(text)]), filename);
    return fetch(`${server.origin}/api/vitrine/v2/products/import`, {
      method: "POST",
      headers: accept ? { ...headers, Accept: accept } : headers,
      body,
      redirect: "manual",
    });
  };

  it("refuses a file that is not CSV, an empty one, and callers who are not administrators, never with a 500", async () => {
    const admin = (await server.session("administrator")).headers;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const binary = await upload(admin, png, "products.csv");
    expect(binary.status).toBe(415);
    expect(await binary.json()).toMatchObject({ code: "catalogue_import_not_csv" });
    const unclosed = await upload(admin, 'ID,Name\n1,"never closed\n', "products.csv");
    expect(unclosed.status).toBe(415);
    expect(await unclosed.json()).toMatchObject({ code: "catalogue_import_not_csv" });
    expect((await upload(admin, "", "products.csv")).status).toBe(400);
    const notMultipart = await fetch(`${server.origin}/api/vitrine/v2/products/import`, {
      method: "POST",
      headers: { ...admin, "Content-Type": "text/csv" },
      body: CSV,
    });
    expect(notMultipart.status).toBe(400);
    expect((await upload((await server.session("editor")).headers, CSV, "p.csv")).status).toBe(403);
    expect((await upload({}, CSV, "p.csv")).status).toBe(401);
    // The back office's form without scripts: back to the form, the refusal named in its address.
    const fromPage = await upload(admin, png, "products.csv", "text/html");
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("location")).toBe("/admin/products/import?error=catalogue_import_not_csv");
  });

  it("keeps a CSV, previews it (an unknown column stops it until left out; a bad cell refused by line and column), runs it in the background, and a second run changes nothing", async () => {
    const admin = (await server.session("administrator")).headers;
    const kept = await upload(admin, CSV, "shop.csv");
    expect(kept.status).toBe(201);
    const { id, preview } = (await kept.json()) as { id: number; preview: string };
    expect(preview).toBe(`/admin/products/import/${id}`);
    const fromPage = await upload(admin, CSV, "shop.csv", "text/html");
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("location")).toMatch(/^\/admin\/products\/import\/\d+$/);

    const stopped = await server.call(`/products/import/${id}/preview`, admin);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({
      file_problems: [{ line: 1, column: "Supplier code", code: "unknown_column" }],
      created: 0,
    });
    const previewed = await server.call(`/products/import/${id}/preview?skip=Supplier%20code`, admin);
    expect(previewed.body).toMatchObject({
      file_problems: [],
      ignored_columns: ["Supplier code"],
      rows: 3,
      created: 2,
      updated: 0,
      refused: 1,
      outcomes: [
        { line: 2, outcome: "create", problems: [] },
        { line: 3, outcome: "refuse", problems: [{ column: "Regular price", code: "bad_price" }] },
        { line: 4, outcome: "create", problems: [] },
      ],
    });
    expect(await server.db.select().from(products)).toEqual([]);

    const started = await server.call(`/products/import/${id}/run`, admin, "POST", {
      skip_columns: ["Supplier code"],
    });
    expect(started.status).toBe(202);
    const jobId = started.body.job_id as number;
    expect(started.body).toMatchObject({ resumed: false, progress: `/admin/products/import/jobs/${jobId}` });
    await settledRuns(server.db);

    const report = await server.call(`/products/import/jobs/${jobId}`, admin);
    expect(report.body).toMatchObject({
      status: "done",
      rowsDone: 3,
      created: 2,
      refused: 1,
      refusedRows: [{ line: 3, problems: [{ column: "Regular price", code: "bad_price" }] }],
      pictures: {
        pending: 1,
        failed: 0,
        fetched: 0,
      },
    });
    expect((await server.db.select({ sku: products.sku }).from(products)).map((p) => p.sku).sort()).toEqual([
      "IMP-CUP",
      "IMP-MUG",
    ]);
    // The job has ended: its upload is deleted.
    expect(await server.db.select().from(media).where(eq(media.id, id))).toEqual([]);
    expect((await server.call(`/products/import/${id}/preview`, admin)).status).toBe(404);

    // The failed picture is put back to pending with one click.
    await server.db
      .update(catalogueImportPictures)
      .set({ state: "failed", error: "The server answered 404." });
    const retried = await server.call(`/products/import/jobs/${jobId}/pictures/retry`, admin, "POST");
    expect(retried.body).toEqual({ reset: 1 });

    const again = (await (await upload(admin, CSV, "shop.csv")).json()) as { id: number };
    const second = await server.call(`/products/import/${again.id}/run`, admin, "POST", {
      skip_columns: ["Supplier code"],
    });
    await settledRuns(server.db);
    const secondReport = await server.call(`/products/import/jobs/${second.body.job_id}`, admin);
    expect(secondReport.body).toMatchObject({
      status: "done",
      created: 0,
      updated: 0,
      unchanged: 2,
      refused: 1,
    });

    expect((await server.call("/products/import/999999/preview", admin)).status).toBe(404);
    expect((await server.call("/products/import/jobs/999999", admin)).status).toBe(404);
    expect((await server.call("/products/import/jobs/x", admin)).status).toBe(404);
  });
});
