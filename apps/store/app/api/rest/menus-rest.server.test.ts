import { menuItems, menus, pages } from "@vitrine/db";
import { availableDialects } from "@vitrine/db/testing";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  insertCategory,
  insertSimpleProduct,
} from "../../services/catalogue/catalogue-fixtures.test-helper.ts";
import { loadMenu } from "../../services/content/menu-queries.server.ts";
import { restTestServer } from "./rest-server.test-helper.ts";

const pair = (en: string, es: string) => ({ en, es });

describe.each(await availableDialects())("the menus editor's calls on %s", (dialect) => {
  const purges: Array<readonly string[] | undefined> = [];
  const server = restTestServer(dialect, { onInvalidate: (tags) => purges.push(tags) });
  beforeEach(() => {
    purges.length = 0;
  });
  const call = server.call;
  const admin = async () => (await server.session("administrator")).headers;

  async function publishedPage(slug: string) {
    const [page] = await server.db
      .insert(pages)
      .values({ slug, title: pair(slug, slug), status: "publish" })
      .returning({ id: pages.id });
    return page!.id;
  }

  async function storedRows(location: string) {
    return server.db
      .select({
        parentId: menuItems.parentId,
        position: menuItems.position,
        label: menuItems.label,
        url: menuItems.url,
      })
      .from(menuItems)
      .innerJoin(menus, eq(menus.id, menuItems.menuId))
      .where(eq(menus.location, location))
      .orderBy(asc(menuItems.id));
  }

  it("saves a menu whole: items pointing at a page, a category, a product and an address, nested one level, in order", async () => {
    const headers = await admin();
    const about = await publishedPage("about-us");
    const home = await publishedPage("home");
    const mugs = await insertCategory(server.db, "mugs");
    const mug = await insertSimpleProduct(server.db, { slug: "blue-mug", price: 900 });

    // A store's first save of the category menu makes its row.
    expect((await call("/menus/categories", headers)).body).toEqual({ location: "categories", items: [] });
    const saved = await call("/menus/primary", headers, "PUT", {
      items: [
        {
          label: pair(" About us ", "Sobre nosotros"),
          target: { kind: "page", id: about },
          children: [
            { label: { en: "Mugs" }, target: { kind: "category", id: mugs.id } },
            { label: pair("Our mug", ""), target: { kind: "product", id: mug.id } },
          ],
        },
        { label: pair("Home", "Inicio"), target: { kind: "page", id: home } },
        {
          label: pair("Partner", "Socio"),
          target: { kind: "url", url: "https://partner.example/?ref=vitrine" },
        },
        { label: pair("Sale", "Rebajas"), target: { kind: "url", url: "/shop?orderby=price" } },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      location: "primary",
      items: [
        {
          id: expect.any(Number),
          label: pair("About us", "Sobre nosotros"),
          target: { kind: "page", id: about },
          url: "/about-us",
          children: [
            {
              id: expect.any(Number),
              label: pair("Mugs", ""),
              target: { kind: "category", id: mugs.id },
              url: "/product-category/mugs",
              children: [],
            },
            {
              id: expect.any(Number),
              label: pair("Our mug", ""),
              target: { kind: "product", id: mug.id },
              url: "/product/blue-mug",
              children: [],
            },
          ],
        },
        expect.objectContaining({ target: { kind: "page", id: home }, url: "/" }),
        expect.objectContaining({
          target: { kind: "url", url: "https://partner.example/?ref=vitrine" },
          url: "https://partner.example/?ref=vitrine",
        }),
        expect.objectContaining({ target: { kind: "url", url: "/shop?orderby=price" } }),
      ],
    });
    // Every page shows the menus: all of them are dropped, in every process (no tags).
    expect(purges).toEqual([undefined]);

    // The storefront reads it in one query; a missing Spanish label falls back to the English one.
    const spanish = await loadMenu(server.db, "primary", "es");
    expect(spanish.map((item) => [item.label, item.url, item.children.map((child) => child.label)])).toEqual([
      ["Sobre nosotros", "/about-us", ["Mugs", "Our mug"]],
      ["Inicio", "/", []],
      ["Socio", "https://partner.example/?ref=vitrine", []],
      ["Rebajas", "/shop?orderby=price", []],
    ]);
    expect((await storedRows("primary"))[1]!.label).toEqual({ en: "Mugs" });

    // A second save replaces the items: reordered, one left out.
    const resaved = await call("/menus/primary", headers, "PUT", {
      items: [
        { label: pair("Sale", "Rebajas"), target: { kind: "url", url: "/shop?orderby=price" } },
        { label: pair("About us", "Sobre nosotros"), target: { kind: "page", id: about } },
      ],
    });
    expect(resaved.status).toBe(200);
    expect((await loadMenu(server.db, "primary", "en")).map((item) => item.label)).toEqual([
      "Sale",
      "About us",
    ]);
    expect(await storedRows("primary")).toHaveLength(2);

    const listed = await call("/menus", headers);
    expect(listed.body).toEqual([
      { location: "primary", item_count: 2 },
      { location: "footer", item_count: 0 },
      { location: "categories", item_count: 0 },
    ]);
  });

  it("reads a moved page or product as itself, and menu items follow a category's new address", async () => {
    const headers = await admin();
    const mugs = await insertCategory(server.db, "mugs");
    const mug = await insertSimpleProduct(server.db, { slug: "blue-mug", price: 900 });
    const created = await call("/pages", headers, "POST", {
      title: pair("Story", "Historia"),
      status: "publish",
    });
    const story = created.body.id as number;
    await call("/menus/footer", headers, "PUT", {
      items: [
        { label: pair("Mugs", "Tazas"), target: { kind: "category", id: mugs.id } },
        { label: pair("Mug", "Taza"), target: { kind: "product", id: mug.id } },
        { label: pair("Story", "Historia"), target: { kind: "page", id: story } },
      ],
    });

    expect((await call(`/products/${mug.id}`, headers, "PUT", { slug: "navy-mug" })).status).toBe(200);
    expect((await call(`/pages/${story}`, headers, "PUT", { slug: "our-story" })).status).toBe(200);
    expect((await call(`/products/categories/${mugs.id}`, headers, "PUT", { slug: "cups" })).status).toBe(
      200,
    );

    const read = await call("/menus/footer", headers);
    expect(
      (read.body.items as unknown as Array<{ target: unknown; url: string }>).map((item) => [
        item.target,
        item.url,
      ]),
    ).toEqual([
      // No 301 is left behind for a category: the item's address follows it.
      [{ kind: "category", id: mugs.id }, "/product-category/cups"],
      // The old addresses answer 301; the editor shows the product and the page, and a save stores the new ones.
      [{ kind: "product", id: mug.id }, "/product/blue-mug"],
      [{ kind: "page", id: story }, "/story"],
    ]);
    await call("/menus/footer", headers, "PUT", {
      items: (read.body.items as unknown as Array<{ label: unknown; target: unknown }>).map(
        ({ label, target }) => ({
          label,
          target,
        }),
      ),
    });
    expect((await storedRows("footer")).map((row) => row.url)).toEqual([
      "/product-category/cups",
      "/product/navy-mug",
      "/our-story",
    ]);
  });

  it("refuses unsafe addresses, missing labels, unknown targets and deeper nesting, and writes nothing then", async () => {
    const headers = await admin();
    const kept = [{ label: pair("Shop", "Tienda"), target: { kind: "url", url: "/shop" } }];
    expect((await call("/menus/primary", headers, "PUT", { items: kept })).status).toBe(200);
    purges.length = 0;

    const item = (target: unknown, label: unknown = pair("Bad", "Malo")) => ({
      items: [...kept, { label, target }],
    });
    const refusals: Array<[string, unknown, number, string]> = [
      ["/menus/primary", item({ kind: "url", url: "javascript:alert(1)" }), 400, "vitrine_menu_invalid_url"],
      ["/menus/primary", item({ kind: "url", url: " JAVASCRIPT:alert(1)" }), 400, "vitrine_menu_invalid_url"],
      ["/menus/primary", item({ kind: "url", url: "//evil.example/" }), 400, "vitrine_menu_invalid_url"],
      ["/menus/primary", item({ kind: "url", url: "/\\evil.example/" }), 400, "vitrine_menu_invalid_url"],
      ["/menus/primary", item({ kind: "url", url: "data:text/html,hi" }), 400, "vitrine_menu_invalid_url"],
      [
        "/menus/primary",
        item({ kind: "url", url: "/shop" }, pair(" ", "Tienda")),
        400,
        "vitrine_menu_label_required",
      ],
      ["/menus/primary", item({ kind: "page", id: 999_999 }), 400, "vitrine_menu_unknown_target"],
      ["/menus/primary", item({ kind: "category", id: 999_999 }), 400, "vitrine_menu_unknown_target"],
      ["/menus/primary", item({ kind: "product", id: 999_999 }), 400, "vitrine_menu_unknown_target"],
      ["/menus/primary", item({ kind: "post", id: 1 }), 400, "rest_invalid_param"],
      [
        "/menus/primary",
        {
          items: [
            {
              label: pair("A", "A"),
              target: { kind: "url", url: "/a" },
              children: [
                {
                  label: pair("B", "B"),
                  target: { kind: "url", url: "/b" },
                  children: [{ label: pair("C", "C"), target: { kind: "url", url: "/c" } }],
                },
              ],
            },
          ],
        },
        400,
        "rest_invalid_param",
      ],
      ["/menus/sidebar", { items: kept }, 404, "vitrine_menu_not_found"],
    ];
    for (const [path, body, status, code] of refusals) {
      const answer = await call(path, headers, "PUT", body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await storedRows("primary")).map((row) => row.url)).toEqual(["/shop"]);
    expect(purges).toEqual([]);

    expect((await call("/menus/sidebar", headers)).status).toBe(404);
    const editor = (await server.session("editor")).headers;
    expect((await call("/menus", editor)).status).toBe(403);
    expect((await call("/menus/primary", editor, "PUT", { items: [] })).status).toBe(403);
    expect((await call("/menus/primary", {})).status).toBe(401);
  });

  it("answers a refusal in the page's language through the browser's REST client", async () => {
    const client = await server.pageClient("administrator");
    const refused = await client
      .request({
        path: "/menus/primary",
        method: "PUT",
        data: {
          items: [{ label: pair("Bad", "Malo"), target: { kind: "url", url: "javascript:alert(1)" } }],
        },
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "vitrine_menu_invalid_url", status: 400 });
  });

  it("keeps one save whole when two arrive at once", async () => {
    const headers = await admin();
    const menu = (name: string) => ({
      items: ["one", "two", "three"].map((n) => ({
        label: pair(`${name} ${n}`, `${name} ${n}`),
        target: { kind: "url", url: `/${name}-${n}` },
        children: [
          { label: pair(`${name} ${n} sub`, ""), target: { kind: "url", url: `/${name}-${n}-sub` } },
        ],
      })),
    });
    const answers = await Promise.all([
      call("/menus/primary", headers, "PUT", menu("first")),
      call("/menus/primary", headers, "PUT", menu("second")),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const labels = (await loadMenu(server.db, "primary", "en")).flatMap((item) => [
      item.label,
      ...item.children.map((child) => child.label),
    ]);
    const whole = (name: string) =>
      ["one", "two", "three"].flatMap((n) => [`${name} ${n}`, `${name} ${n} sub`]);
    expect([whole("first"), whole("second")]).toContainEqual(labels);
    expect(await server.db.select().from(menus).where(eq(menus.location, "primary"))).toHaveLength(1);
  });
});
