import type { Transaction } from "../client.ts";
import { affiliateLinks, blocks, menuItems, menus, pages, settings } from "../schema/index.ts";
import type { PlannedCategory } from "./demo-catalogue.ts";

/**
 * The home page, the privacy policy, the two menus, store settings and affiliate links of the demo
 * store.
 */
export async function insertStoreContent(
  tx: Transaction,
  options: { categories: readonly PlannedCategory[]; heroImageId: number; storyImageIds: readonly number[] },
): Promise<void> {
  const [home] = await tx
    .insert(pages)
    .values({ slug: "home", title: { en: "Home", es: "Inicio" }, status: "publish" })
    .returning({ id: pages.id });
  await tx.insert(blocks).values([
    {
      pageId: home!.id,
      position: 0,
      type: "hero",
      data: {
        title: { en: "Made to be used every day", es: "Hecho para usarse cada día" },
        text: {
          en: "Clothing, shoes and homeware in honest materials, designed to last for years.",
          es: "Ropa, calzado y artículos para el hogar en materiales nobles, pensados para durar años.",
        },
        cta: { label: { en: "Shop now", es: "Comprar ahora" }, url: "/shop" },
        imageId: options.heroImageId,
      },
    },
    {
      pageId: home!.id,
      position: 1,
      type: "featured-products",
      data: { title: { en: "Featured products", es: "Productos destacados" }, limit: 8 },
    },
    {
      pageId: home!.id,
      position: 2,
      type: "categories",
      data: { title: { en: "Shop by category", es: "Comprar por categoría" } },
    },
    {
      pageId: home!.id,
      position: 3,
      type: "text",
      data: {
        title: { en: "From the workshop", es: "Desde el taller" },
        text: storyText(options.storyImageIds),
      },
    },
    {
      // The photo feed of the media library (decision 0029): the store's own pictures, offline.
      pageId: home!.id,
      position: 4,
      type: "photo-feed",
      data: { title: { en: "From our studio", es: "Desde nuestro estudio" }, limit: 8 },
    },
    {
      pageId: home!.id,
      position: 5,
      type: "menu",
      data: { title: { en: "Quick links", es: "Accesos rápidos" }, menu: "footer" },
    },
  ]);

  const privacyPage = await insertPrivacyPolicy(tx);
  const termsPage = await insertTerms(tx);

  const menuRows = await tx
    .insert(menus)
    .values([{ location: "primary" }, { location: "footer" }])
    .returning({ id: menus.id, location: menus.location });
  const primary = menuRows.find((m) => m.location === "primary")!.id;
  const footer = menuRows.find((m) => m.location === "footer")!.id;

  const topLevel = options.categories.filter((c) => c.parentSlug === null);
  const parents = await tx
    .insert(menuItems)
    .values(
      topLevel.map((c) => ({
        menuId: primary,
        position: c.position,
        label: c.name,
        url: `/product-category/${c.slug}`,
      })),
    )
    .returning({ id: menuItems.id, url: menuItems.url });
  const parentId = new Map(parents.map((row) => [row.url, row.id]));
  const children = options.categories.filter((c) => c.parentSlug !== null);
  if (children.length > 0) {
    await tx.insert(menuItems).values(
      children.map((c) => ({
        menuId: primary,
        parentId: parentId.get(`/product-category/${c.parentSlug}`)!,
        position: c.position,
        label: c.name,
        // Category slugs are unique across the tree, so a subcategory's URL needs only its own.
        url: `/product-category/${c.slug}`,
      })),
    );
  }
  await tx.insert(menuItems).values(
    [
      { label: { en: "Shop", es: "Tienda" }, url: "/shop" },
      { label: { en: "Cart", es: "Carrito" }, url: "/cart" },
      { label: { en: "Checkout", es: "Finalizar compra" }, url: "/checkout" },
      { label: { en: "My account", es: "Mi cuenta" }, url: "/my-account" },
    ].map((item, position) => ({ menuId: footer, position, ...item })),
  );

  // A store that wrote its own settings before the first seed keeps them.
  await tx
    .insert(settings)
    .values([
      {
        key: "store",
        value: {
          name: "Vitrine",
          currency: "USD",
          // The shop's base, where taxes are charged until a shopper gives an address (decision 0070):
          // a guest's cart shows the demo's sales tax from the first page.
          address: {
            line1: "1 Market Street",
            city: "San Francisco",
            state: "CA",
            postcode: "94105",
            country: "US",
          },
          // The consent banner links to it once the owner turns the banner on (decision 0051); the
          // checkout asks the shopper to accept the terms and shows them in a lightbox (0064).
          legal_pages: { privacy: privacyPage, terms: termsPage },
          // The demo shows the store notice (a fresh store's is off); its id changes with its text.
          store_notice: {
            enabled: true,
            id: "demo-1",
            text: {
              en: "This is a demo store: no order is shipped and no payment is taken.",
              es: "Esta es una tienda de demostración: no se envía ningún pedido ni se cobra ningún pago.",
            },
          },
        },
      },
      { key: "catalog", value: { perPage: 12 } },
    ])
    .onConflictDoNothing();
  await tx
    .insert(affiliateLinks)
    .values([
      { slug: "partner-shoes", targetUrl: "https://example.com/shoes" },
      { slug: "partner-kitchen", targetUrl: "https://example.com/kitchen" },
    ])
    .onConflictDoNothing();
}

type TextSection = { title: { en: string; es: string }; text: { en: string; es: string } };

/** A published page of text blocks, one a section. */
async function insertTextPage(
  tx: Transaction,
  page: { slug: string; title: { en: string; es: string } },
  sections: TextSection[],
): Promise<number> {
  const [row] = await tx
    .insert(pages)
    .values({ ...page, status: "publish" })
    .returning({ id: pages.id });
  await tx
    .insert(blocks)
    .values(sections.map((data, position) => ({ pageId: row!.id, position, type: "text", data })));
  return row!.id;
}

/** The demo's terms and conditions, in both languages: orders, prices and payment, returns. */
function insertTerms(tx: Transaction): Promise<number> {
  return insertTextPage(
    tx,
    { slug: "terms-and-conditions", title: { en: "Terms and conditions", es: "Términos y condiciones" } },
    [
      {
        title: { en: "Orders", es: "Pedidos" },
        text: {
          en: "This is a demo store: no order is shipped and no payment is taken. Orders are accepted subject to availability.",
          es: "Esta es una tienda de demostración: no se envía ningún pedido ni se cobra ningún pago. Los pedidos se aceptan según disponibilidad.",
        },
      },
      {
        title: { en: "Prices and payment", es: "Precios y pago" },
        text: {
          en: "Prices include applicable taxes. Shipping is added at the checkout, before you place the order.",
          es: "Los precios incluyen los impuestos aplicables. El envío se añade en la página de pago, antes de que hagas el pedido.",
        },
      },
      {
        title: { en: "Returns", es: "Devoluciones" },
        text: {
          en: "You may return unused items within 30 days for a refund.",
          es: "Puedes devolver los artículos sin usar en un plazo de 30 días para obtener un reembolso.",
        },
      },
    ],
  );
}

/** The demo's privacy policy, in both languages: what the store keeps, its cookies, the shopper's choices. */
function insertPrivacyPolicy(tx: Transaction): Promise<number> {
  const sections: TextSection[] = [
    {
      title: { en: "What we keep", es: "Qué guardamos" },
      text: {
        en: "This is a demo store: no order is shipped and no payment is taken. To run it we keep what you give us for an order or an account (your name, address and email) and what is in your cart, and nothing else about you.",
        es: "Esta es una tienda de demostración: no se envía ningún pedido ni se cobra ningún pago. Para que funcione guardamos lo que nos das para un pedido o una cuenta (tu nombre, dirección y correo) y lo que hay en tu carrito, y nada más sobre ti.",
      },
    },
    {
      title: { en: "Cookies and your choices", es: "Cookies y tus opciones" },
      text: {
        en: "Necessary cookies keep your cart, your account and the store's security; they are always on. Statistics (the pages viewed and links followed, counted without knowing who you are) and marketing (where your visit came from, kept with your order) are used only if you allow them. Change your choices at any time with “Privacy choices” at the foot of every page.",
        es: "Las cookies necesarias guardan tu carrito, tu cuenta y la seguridad de la tienda; siempre están activas. Las estadísticas (las páginas vistas y los enlaces seguidos, contados sin saber quién eres) y el marketing (de dónde vino tu visita, guardado con tu pedido) solo se usan si los permites. Cambia tus opciones cuando quieras con «Opciones de privacidad», al pie de cada página.",
      },
    },
    {
      title: { en: "Your rights", es: "Tus derechos" },
      text: {
        en: "You may ask to see, correct or delete what we keep about you, and we never sell it or hand it to others to advertise to you.",
        es: "Puedes pedir ver, corregir o borrar lo que guardamos sobre ti, y nunca lo vendemos ni lo damos a otros para que te hagan publicidad.",
      },
    },
  ];
  return insertTextPage(
    tx,
    { slug: "privacy-policy", title: { en: "Privacy policy", es: "Política de privacidad" } },
    sections,
  );
}

/**
 * The demo's rich text (the store's markup: `[text](address)`, `media:{id}` for the media library):
 * pictures that open in the lightbox, videos of both video services, a video file played in place,
 * and a link to the video service that is not a video and stays a plain link.
 */
function storyText(imageIds: readonly number[]): { en: string; es: string } {
  const [first, second] = imageIds;
  return {
    en: [
      `Every piece starts as a drawing. Look at [the first sketch](media:${first}) and [the finished pattern](media:${second}) up close.`,
      "Watch [the open film of our favourite studio](https://www.youtube.com/watch?v=aqz-KE-bpKQ) or [its Vimeo cut](https://vimeo.com/1084537), and visit [the studio's channel](https://www.youtube.com/@blender) for more.",
      "[A short clip of the workshop](https://download.blender.org/peach/bigbuckbunny_movies/BigBuckBunny_320x180.mp4)",
    ].join("\n\n"),
    es: [
      `Cada pieza empieza como un dibujo. Mira de cerca [el primer boceto](media:${first}) y [el estampado terminado](media:${second}).`,
      "Mira [la película abierta de nuestro estudio favorito](https://www.youtube.com/watch?v=aqz-KE-bpKQ) o [su versión en Vimeo](https://vimeo.com/1084537), y visita [el canal del estudio](https://www.youtube.com/@blender) para ver más.",
      "[Un clip corto del taller](https://download.blender.org/peach/bigbuckbunny_movies/BigBuckBunny_320x180.mp4)",
    ].join("\n\n"),
  };
}
