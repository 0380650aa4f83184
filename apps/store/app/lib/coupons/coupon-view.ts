/** A coupon on the shopper's cart as the cart and checkout pages list it. */
export type AppliedCouponView = {
  code: string;
  /** What it takes off, from the totals engine (minor units); null until the cart's totals carry it. */
  discount: number | null;
  freeShipping: boolean;
};
