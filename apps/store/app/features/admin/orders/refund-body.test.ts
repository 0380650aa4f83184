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
    expect(defaultLineAmount(line, 2)).toBe(666);
    expect(defaultLineAmount({ ...line, refundedTotal: 500 }, 2)).toBe(500);
    expect(defaultLineAmount(line, 0)).toBe(0);
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
