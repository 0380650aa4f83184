import { blocks, media, menus, pages } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  insertCategory,
  insertSimpleProduct,
} from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { movedTo } from "../../services/shared/redirects.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const pair = (en: string, es: string) => ({ en, es });

describe.each(await availableDialects())("the page builder's calls on %s", (dialect) => {
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  beforeEach(() => {
    purges.length = 0;
  });
  const session = async (role: "customer" | "editor" | "administrator") =>
    (await server.session(role)).headers;

  const call = server.call;

  async function storedBlocks(pageId: number) {
    return server.db
      .select({ id: blocks.id, type: blocks.type, position: blocks.position, data: blocks.data })
      .from(blocks)
      .where(eq(blocks.pageId, pageId))
      .orderBy(asc(blocks.position));
  }

  it("lets an editor build a page from blocks of four kinds, reorder them and keep their ids", async () => {
    const editor = await session("editor");
    const [picture] = await server.db
      .insert(media)
      .values({ filename: "p.jpg", mimeType: "image/jpeg" })
      .returning({ id: media.id });
    const mugs = await insertCategory(server.db, "mugs");
    const mug = await insertSimpleProduct(server.db, { slug: "mug", price: 900 });

    const created = await call("/pages", editor, "POST", { title: pair("About us", "Sobre nosotros") });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "about-us", status: "draft", blocks: [] });
    const pageId = created.body.id as number;

    const blocksIn = [
      {
        type: "hero",
        data: { title: pair("Hello", "Hola"), text: pair("Hi.", "Hola."), imageId: picture!.id },
      },
      { type: "text", data: { title: pair("Story", "Historia"), text: pair("[A](/shop)", "[A](/shop)") } },
      {
        type: "featured-products",
        data: { title: pair("Mugs", "Tazas"), categoryId: mugs.id, productIds: [mug.id], limit: 4 },
      },
      { type: "gallery", data: { title: pair("Pictures", "Imágenes"), imageIds: [picture!.id] } },
      { type: "video", data: { title: pair("Film", "Película"), url: "https://vimeo.com/1084537" } },
    ];
    const saved = await call(`/pages/${pageId}`, editor, "PUT", { status: "publish", blocks: blocksIn });
    expect(saved.status).toBe(200);
    expect(saved.body.status).toBe("publish");
    const first = await storedBlocks(pageId);
    expect(first.map((block) => block.type)).toEqual([
      "hero",
      "text",
      "featured-products",
      "gallery",
      "video",
    ]);
    expect(first[2]!.data).toEqual(blocksIn[2]!.data);
    expect(purges).toEqual([[`page-${pageId}`]]);

    // The video first, the hero left out: kept blocks keep their ids, the hero is deleted.
    const [hero, text, grid, gallery, video] = first;
    const reordered = [video, text, grid, gallery].map((block) => ({
      id: block!.id,
      type: block!.type,
      data: block!.data,
    }));
    expect((await call(`/pages/${pageId}`, editor, "PUT", { blocks: reordered })).status).toBe(200);
    const second = await storedBlocks(pageId);
    expect(second.map((block) => block.id)).toEqual([video!.id, text!.id, grid!.id, gallery!.id]);
    expect(second.map((block) => block.position)).toEqual([0, 1, 2, 3]);
    expect(second.some((block) => block.id === hero!.id)).toBe(false);

    const list = await call("/pages", editor);
    expect(list.body).toEqual([
      expect.objectContaining({ id: pageId, slug: "about-us", block_count: 4, status: "publish" }),
    ]);
  });

  it("refuses what a page cannot be, writing nothing", async () => {
    const admin = await session("administrator");
    const [home] = await server.db
      .insert(pages)
      .values({ slug: "home", title: pair("Home", "Inicio"), status: "publish" })
      .returning({ id: pages.id });
    const other = await call("/pages", admin, "POST", { title: pair("Other", "Otra"), slug: "other" });
    const page = await call("/pages", admin, "POST", { title: pair("Page", "Página") });
    const pageId = page.body.id as number;
    const [foreign] = await server.db
      .insert(blocks)
      .values({ pageId: other.body.id as number, type: "categories", data: { title: pair("a", "b") } })
      .returning({ id: blocks.id });
    const title = pair("T", "T");
    const refusals: Array<[unknown, number, string]> = [
      [{ slug: "Not A Slug" }, 400, "vitrine_page_invalid_slug"],
      [{ slug: "cart" }, 400, "vitrine_page_invalid_slug"],
      [{ slug: "other" }, 400, "vitrine_page_slug_taken"],
      [{ title: pair("", "Sin inglés") }, 400, "vitrine_page_title_required"],
      [
        { blocks: [{ type: "gallery", data: { title, imageIds: [999_999] } }] },
        400,
        "vitrine_page_unknown_image",
      ],
      [{ blocks: [{ type: "menu", data: { title, menu: "nowhere" } }] }, 400, "vitrine_page_unknown_menu"],
      [
        { blocks: [{ id: foreign!.id, type: "categories", data: { title } }] },
        400,
        "vitrine_page_invalid_block",
      ],
      [
        { blocks: [{ type: "video", data: { title, url: "javascript:alert(1)" } }] },
        400,
        "rest_invalid_param",
      ],
      [{ blocks: [{ type: "marquee", data: {} }] }, 400, "rest_invalid_param"],
      [{ blocks: [{ type: "categories", data: { title, extra: 1 } }] }, 400, "rest_invalid_param"],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await call(`/pages/${pageId}`, admin, "PUT", body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await storedBlocks(pageId)).toEqual([]);
    expect((await call(`/pages/${pageId}`, admin)).body).toMatchObject({
      slug: "page",
      title: pair("Page", "Página"),
    });

    // The home page keeps its address, stays published and stays.
    for (const body of [{ slug: "start" }, { status: "draft" }])
      expect((await call(`/pages/${home!.id}`, admin, "PUT", body)).body.code).toBe(
        "vitrine_page_home_fixed",
      );
    expect((await call(`/pages/${home!.id}`, admin, "DELETE")).body.code).toBe("vitrine_page_home_fixed");
    expect((await call("/pages/999999", admin, "PUT", { title })).status).toBe(404);

    // A menu that exists is taken.
    await server.db.insert(menus).values({ location: "footer" });
    const menu = await call(`/pages/${pageId}`, admin, "PUT", {
      blocks: [{ type: "menu", data: { title, menu: "footer" } }],
    });
    expect(menu.status).toBe(200);
  });

  it("deletes a page with its blocks, and is for editors and administrators only", async () => {
    const customer = await session("customer");
    expect((await call("/pages", customer)).status).toBe(403);
    expect((await call("/pages", {})).status).toBe(401);
    const editor = await session("editor");
    const page = await call("/pages", editor, "POST", {
      title: pair("Gone", "Ida"),
      blocks: [{ type: "categories", data: { title: pair("a", "b") } }],
    });
    const pageId = page.body.id as number;
    expect((await call(`/pages/${pageId}`, customer, "DELETE")).status).toBe(403);
    expect((await call(`/pages/${pageId}`, editor, "DELETE")).body).toEqual({ id: pageId, deleted: true });
    expect(await server.db.select().from(pages).where(eq(pages.id, pageId))).toEqual([]);
    expect(await storedBlocks(pageId)).toEqual([]);
    expect(purges).toEqual([[`page-${pageId}`]]);
  });

  it("leaves a 301 at a page's old address, without chains, and forgets it with the page", async () => {
    const editor = await session("editor");
    const page = await call("/pages", editor, "POST", { title: pair("Visit", "Visita") });
    const pageId = page.body.id as number;
    expect((await call(`/pages/${pageId}`, editor, "PUT", { slug: "visit-us" })).status).toBe(200);
    expect(await movedTo(server.db, "/visit")).toBe("/visit-us");
    expect((await call(`/pages/${pageId}`, editor, "PUT", { slug: "come-by" })).status).toBe(200);
    expect(await movedTo(server.db, "/visit")).toBe("/come-by");
    expect(await movedTo(server.db, "/visit-us")).toBe("/come-by");
    // Back to an old address: that address answers itself again.
    expect((await call(`/pages/${pageId}`, editor, "PUT", { slug: "visit" })).status).toBe(200);
    expect(await movedTo(server.db, "/visit")).toBeNull();
    expect(await movedTo(server.db, "/come-by")).toBe("/visit");
    expect((await call(`/pages/${pageId}`, editor, "DELETE")).status).toBe(200);
    expect(await movedTo(server.db, "/come-by")).toBeNull();
    expect(await movedTo(server.db, "/visit-us")).toBeNull();
  });
});

describe.each(await availableDialects())("a legal page's change on %s", (dialect) => {
  // The store's settings name page 7 as its privacy policy (decision 0051) and page 9 as its terms,
  // which the checkout shows (decision 0064); ids restart at each reset.
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, {
    settings: { legal_pages: { privacy: 7, terms: 9 } },
    onInvalidate: (tags) => purges.push(tags),
  });
  beforeEach(() => {
    purges.length = 0;
  });

  it("drops every cached page, which all link it, while another page drops only its own", async () => {
    const editor = (await server.session("editor")).headers;
    await server.db.insert(pages).values([
      { id: 7, slug: "privacy-policy", title: pair("Privacy policy", "Política de privacidad") },
      { id: 8, slug: "about-us", title: pair("About us", "Sobre nosotros") },
      { id: 9, slug: "terms", title: pair("Terms", "Condiciones") },
    ]);
    expect((await server.call("/pages/7", editor, "PUT", { status: "draft" })).status).toBe(200);
    expect((await server.call("/pages/8", editor, "PUT", { status: "draft" })).status).toBe(200);
    expect(
      (await server.call("/pages/9", editor, "PUT", { title: pair("Terms of sale", "Condiciones de venta") }))
        .status,
    ).toBe(200);
    expect((await server.call("/pages/7", editor, "DELETE")).status).toBe(200);
    expect(purges).toEqual([undefined, ["page-8"], undefined, undefined]);
  });
});
