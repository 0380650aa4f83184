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
    ["pending", "completed", false],
    ["on-hold", "processing", true],
    ["on-hold", "refunded", false],
    ["processing", "completed", true],
    ["processing", "refunded", true],
    ["processing", "pending", false],
    ["completed", "refunded", true],
    ["completed", "cancelled", false],
    ["completed", "processing", false],
    ["failed", "pending", true],
    ["cancelled", "refunded", true],
    ["cancelled", "processing", false],
    ["cancelled", "pending", false],
    ["refunded", "completed", false],
    ["refunded", "cancelled", false],
  ] as const)("%s → %s: %s", (from, to, allowed) => {
    expect(canChangeStatus(from, to)).toBe(allowed);
  });

  it("never offers an order its own status, and ends at refunded", () => {
    for (const status of ORDER_STATUSES) expect(nextStatuses(status)).not.toContain(status);
    expect(nextStatuses("refunded")).toEqual([]);
  });

  it("puts stock back only on cancellation and refund", () => {
    expect(ORDER_STATUSES.filter(restoresStock)).toEqual(["cancelled", "refunded"]);
    expect(isOrderStatus("on-hold")).toBe(true);
    expect(isOrderStatus("shipped")).toBe(false);
  });
});

describe("the back office's order inputs", () => {
  it("takes one status or several for the list, and an origin", () => {
    expect(orderListFilters.parse({ status: "on-hold,completed", origin: " Direct " })).toEqual({
      status: ["on-hold", "completed"],
      origin: "Direct",
    });
    expect(orderListFilters.parse({ status: "", origin: "" })).toEqual({
      status: undefined,
      origin: undefined,
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
