import { describe, expect, it } from "vitest";
import type { TaxRateRecord } from "../../../lib/tax-resource.ts";
import { emptyRate, rateDraft, ratesBatch } from "./tax-rate-rows.ts";

const iva: TaxRateRecord = {
  id: 7,
  country: "ES",
  state: "",
  postcode: "",
  city: "",
  postcodes: ["28*"],
  cities: [],
  rate: "21.0000",
  name: "IVA",
  priority: 1,
  compound: false,
  shipping: true,
  order: 0,
  class: "standard",
};

describe("the rates table's batch", () => {
  it("sends only what changed: new rows, changed rows, removed rows", () => {
    const kept = rateDraft(iva);
    const added = { ...emptyRate([kept]), country: "pt", rate: "23", name: "IVA PT" };
    expect(added.order).toBe("1");
    expect(ratesBatch([iva], [kept, added], "standard")).toEqual({
      refusal: null,
      batch: {
        create: [
          {
            country: "pt",
            state: "",
            postcodes: [],
            cities: [],
            rate: "23",
            name: "IVA PT",
            priority: 1,
            compound: false,
            shipping: true,
            order: 1,
            class: "standard",
          },
        ],
        update: [],
        delete: [],
      },
    });
    const changed = { ...kept, rate: "10", postcodes: "28001; 28002" };
    expect(ratesBatch([iva], [changed], "reduced-rate").batch?.update).toEqual([
      expect.objectContaining({ id: 7, rate: "10", postcodes: ["28001", "28002"], class: "reduced-rate" }),
    ]);
    expect(ratesBatch([iva], [], "standard").batch).toEqual({ create: [], update: [], delete: [7] });
  });

  it("refuses a row the route would refuse, naming its place and field", () => {
    const rows = [rateDraft(iva), { ...emptyRate([]), rate: "150" }];
    expect(ratesBatch([iva], rows, "standard").refusal).toEqual({
      code: "rest_invalid_param",
      param: "rate",
      message: "Invalid parameter: rate",
      row: 2,
    });
    expect(ratesBatch([], [{ ...emptyRate([]), country: "Spain" }], "standard").refusal?.param).toBe(
      "country",
    );
    expect(ratesBatch([], [{ ...emptyRate([]), priority: "x" }], "standard").refusal?.param).toBe("priority");
  });
});
