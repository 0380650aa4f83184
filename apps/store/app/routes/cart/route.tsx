import { CartTable } from "../../features/cart/cart-table.tsx";
import { CartCheckoutBar, CartTotals, EmptyCart } from "../../features/cart/cart-totals.tsx";
import { useCartLines, useUpdatedCartTotals } from "../../features/cart/use-cart-lines.ts";
import { ProductGrid } from "../../features/catalogue/product-card.tsx";
import { CouponForm } from "../../features/coupons/coupon-form.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { crossSellCards } from "../../services/catalogue/catalogue.server.ts";
import { appliedCouponViews } from "../../services/coupons/coupon-session.server.ts";
import type { Route } from "./+types/route";
import { handleCartAction, removeItemFromLink } from "./cart-action.server.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The mini-cart's remove links (`?remove_item=KEY&_wpnonce=N`) work as plain navigations too.
  if (url.searchParams.has("remove_item")) await removeItemFromLink(context, request, url);
  const { cart, priced } = await context.cart.priced();
  // "You may be interested in…": the cart's products' cross-sells (decision 0076).
  const crossSells = await crossSellCards(
    context.db,
    [...new Set(cart.lines.map((line) => line.productId))],
    context.locale,
    context.siteCache,
    await context.shownPrices(),
  );
  return { cart, coupons: appliedCouponViews(priced?.applied), crossSells };
}

export async function action({ context, request }: Route.ActionArgs) {
  return handleCartAction(context, request);
}

export function meta() {
  return [{ title: "Cart" }, { name: "robots", content: "noindex" }];
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lines = useCartLines(loaderData.cart);
  const totalsGeneration = useUpdatedCartTotals(loaderData.cart.hash);
  if (lines.view.lines.length === 0) return <EmptyCart />;
  return (
    <section className="pb-20 min-[850px]:pb-0">
      <h1 className="mb-6 text-3xl font-semibold">{t("cart.title")}</h1>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div>
          <CartTable lines={lines} confirmed={loaderData.cart} />
          <CouponForm coupons={loaderData.coupons} returnTo="/cart" />
        </div>
        <CartTotals cart={lines.view} generation={totalsGeneration} />
      </div>
      {loaderData.crossSells.length > 0 && (
        <section aria-labelledby="cross-sells-heading" className="cross-sells mt-12">
          <h2 id="cross-sells-heading" className="mb-4 text-xl font-semibold">
            {t("cart.crossSells")}
          </h2>
          <ProductGrid products={loaderData.crossSells} />
        </section>
      )}
      <CartCheckoutBar />
    </section>
  );
}
