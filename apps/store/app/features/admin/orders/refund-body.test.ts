import { describe, expect, it } from "vitest";
import { refundInput } from "../../../lib/order-resource.ts";
import { defaultLineAmount, leftOfLine, refundBody } from "./refund-body.ts";

const line = {
  id: 7,
  name: "Mug",
  quantity: 3,
  subtotal: 1000,
  subtotalTax: 0,
  total: 1000,
  attributes: {},
  backordered: 0,
  refundedQuantity: 1,
  refundedTotal: 333,
};

describe("the refund form's rules", () => {
  it("knows what is left of a line, and fills in its unit price for a quantity, within it", () => {
    expect(leftOfLine(line)).toEqual({ quantity: 2, total: 667 });
    expect(defaultLineAmount(line, 1)).toBe(333);
    // The last two items: the rest of the line, not 6.66 leaving a cent behind.
    expect(defaultLineAmount(line, 2)).toBe(667);
    expect(defaultLineAmount({ ...line, refundedTotal: 500 }, 2)).toBe(500);
    expect(defaultLineAmount(line, 0)).toBe(0);
  });

  it("refunds a whole line in full by default, whether at once or item by item, though its total does not divide by its quantity", () => {
    const whole = { ...line, refundedQuantity: 0, refundedTotal: 0 };
    expect(defaultLineAmount(whole, 3)).toBe(1000);
    let refunded = { ...whole };
    const amounts: number[] = [];
    for (let item = 0; item < 3; item++) {
      const amount = defaultLineAmount(refunded, 1);
      amounts.push(amount);
      refunded = {
        ...refunded,
        refundedQuantity: refunded.refundedQuantity + 1,
        refundedTotal: refunded.refundedTotal + amount,
      };
    }
    expect(amounts).toEqual([333, 333, 334]);
    expect(leftOfLine(refunded)).toEqual({ quantity: 0, total: 0 });
    // The last items of a line partly refunded before (1.00 for one mug) take their price, not the
    // rest of the line's money.
    expect(defaultLineAmount({ ...whole, refundedQuantity: 1, refundedTotal: 100 }, 2)).toBe(667);
  });

  it("sends only the lines it refunds something of, in the shape the REST route takes", () => {
    const body = refundBody({
      amount: 1333,
      reason: "  Scratched ",
      restock: true,
      lines: [
        { id: 7, quantity: 1, amount: 333 },
        { id: 8, quantity: 0, amount: 0 },
      ],
    });
    expect(body).toEqual({
      amount: 1333,
      reason: "Scratched",
      api_restock: true,
      line_items: [{ id: 7, quantity: 1, refund_total: 333 }],
    });
    expect(refundInput.safeParse(body).success).toBe(true);
  });
});
