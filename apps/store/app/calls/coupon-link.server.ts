import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "../context.server.ts";
import { applyShopperCoupon, couponShopper } from "../services/coupons/coupon-session.server.ts";

/** Addresses that are not pages: a `coupon` parameter there is theirs, not a coupon link. */
const notPages = /^\/(api|ajax|admin|assets|media)(\/|$)/;

/**
 * `?coupon=CODE` on any page (issue 41, decision 0068): the code is applied on arrival (or kept in
 * the session until the shopper has a cart), and the shopper is sent to the same address without it,
 * where the notice shows. Answered before the page cache, so a kept page never hides the link and no
 * shopper's coupon is ever kept in a shared page.
 */
export function couponLinks(makeContext: (req: Request, res: Response) => AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const code = req.query.coupon;
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      typeof code !== "string" ||
      notPages.test(req.path)
    )
      return next();
    try {
      const context = makeContext(req, res);
      const answer = await applyShopperCoupon(couponShopper(context), code.slice(0, 200));
      await context.session.pushNotice(answer.notice);
      const url = new URL(req.originalUrl, "http://store.invalid");
      url.searchParams.delete("coupon");
      res.setHeader("Cache-Control", "private, no-store");
      res.append("Set-Cookie", context.session.headers().getSetCookie());
      res.redirect(302, `${url.pathname}${url.search}`);
    } catch (error) {
      next(error);
    }
  };
}
