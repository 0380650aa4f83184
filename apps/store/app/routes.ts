import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home/route.tsx"),
  route("shop", "routes/listing/route.tsx", { id: "shop" }),
  route("shop/page/:page", "routes/listing/route.tsx", { id: "shop-page" }),
  route("product-category/:slug", "routes/listing/route.tsx", { id: "category" }),
  route("product-category/:slug/page/:page", "routes/listing/route.tsx", { id: "category-page" }),
  route("product/:slug", "routes/product/route.tsx"),
  route("cart", "routes/cart/route.tsx"),
  route("checkout", "routes/checkout/route.tsx"),
  route("checkout/order-received/:id", "routes/order-received/route.tsx"),
  route("my-account", "routes/account/route.tsx"),
  route("my-account/orders", "routes/account-orders/route.tsx"),
  route("my-account/lost-password", "routes/lost-password/route.tsx"),
  route("my-account/view-order/:id", "routes/account-order/route.tsx"),
  route("my-account/pages/:slug", "routes/account-page-edit/route.tsx"),
  route("admin", "routes/admin/route.tsx", [
    index("routes/admin-home/route.tsx"),
    route("media", "routes/admin-media/route.tsx"),
  ]),
  route("language", "routes/language/route.ts"),
  route("store-notice", "routes/store-notice/route.ts"),
  route("search", "routes/search/route.tsx"),
  route("robots.txt", "routes/robots/route.ts"),
  route("sitemap.xml", "routes/sitemap/route.ts", { id: "sitemap" }),
  route("sitemap/:page.xml", "routes/sitemap/route.ts", { id: "sitemap-part" }),
  route("*", "routes/not-found/route.tsx"),
] satisfies RouteConfig;
