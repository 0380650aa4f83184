import { describe, expect, it } from "vitest";
import { orderListFilters, orderNoteInput, orderStatusInput } from "./order-resource.ts";
import {
  canChangeStatus,
  isOrderStatus,
  nextStatuses,
  ORDER_STATUSES,
  restoresStock,
} from "./order-status.ts";

describe("order status changes", () => {
  it.each([
    ["pending", "processing", true],
    ["pending", "on-hold", true],
    ["pending", "cancelled", true],
    // As in WooCommerce, an open order may take any status (decision 0063).
    ["pending", "completed", true],
    ["on-hold", "processing", true],
    ["on-hold", "completed", true],
    ["on-hold", "refunded", true],
    ["processing", "completed", true],
    ["processing", "refunded", true],
    ["processing", "pending", true],
    ["completed", "refunded", true],
    ["completed", "cancelled", true],
    ["completed", "processing", true],
    ["failed", "completed", true],
    ["failed", "pending", true],
    ["cancelled", "refunded", true],
    ["cancelled", "processing", false],
    ["cancelled", "pending", false],
    ["cancelled", "on-hold", false],
    ["cancelled", "completed", false],
    ["refunded", "completed", false],
    ["refunded", "cancelled", false],
    ["refunded", "pending", false],
  ] as const)("%s → %s: %s", (from, to, allowed) => {
    expect(canChangeStatus(from, to)).toBe(allowed);
  });

  it("never offers an order its own status, and ends at refunded", () => {
    for (const status of ORDER_STATUSES) expect(nextStatuses(status)).not.toContain(status);
    expect(nextStatuses("refunded")).toEqual([]);
    // The order page's choice starts on the usual next step, never on a step back.
    expect(
      (["pending", "on-hold", "processing", "completed"] as const).map((from) => nextStatuses(from)[0]),
    ).toEqual(["processing", "processing", "completed", "refunded"]);
  });

  it("puts stock back only on cancellation and refund", () => {
    expect(ORDER_STATUSES.filter(restoresStock)).toEqual(["cancelled", "refunded"]);
    expect(isOrderStatus("on-hold")).toBe(true);
    expect(isOrderStatus("shipped")).toBe(false);
  });
});

describe("the back office's order inputs", () => {
  it("takes one status or several for the list, and an origin", () => {
    expect(
      orderListFilters.parse({ status: "on-hold,completed", origin: " Direct ", search: " ada " }),
    ).toEqual({
      status: ["on-hold", "completed"],
      origin: "Direct",
      search: "ada",
    });
    expect(orderListFilters.parse({ status: "", origin: "", search: "  " })).toEqual({
      status: undefined,
      origin: undefined,
      search: undefined,
    });
    expect(orderListFilters.safeParse({ status: "on-hold,lost" }).success).toBe(false);
  });

  it("takes a known status and a trimmed, non-empty note", () => {
    expect(orderStatusInput.safeParse({ status: "completed" }).success).toBe(true);
    expect(orderStatusInput.safeParse({ status: "completed", by: 1 }).success).toBe(false);
    expect(orderNoteInput.parse({ note: "  Sent.  " })).toEqual({ note: "Sent.", customer_note: false });
    expect(orderNoteInput.safeParse({ note: " " }).success).toBe(false);
  });
});
