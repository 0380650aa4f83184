import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home/route.tsx"),
  route("shop", "routes/listing/route.tsx", { id: "shop" }),
  route("shop/page/:page", "routes/listing/route.tsx", { id: "shop-page" }),
  route("product-category/:slug", "routes/listing/route.tsx", { id: "category" }),
  route("product-category/:slug/page/:page", "routes/listing/route.tsx", { id: "category-page" }),
  route("product/:slug", "routes/product/route.tsx"),
  route("cart", "routes/cart/route.tsx"),
  route("language", "routes/language/route.ts"),
  route("*", "routes/not-found/route.tsx"),
] satisfies RouteConfig;
