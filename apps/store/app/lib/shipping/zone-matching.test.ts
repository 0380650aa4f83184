import { describe, expect, it } from "vitest";
import { matchZone, postcodeMatches, type ZoneLocation, zoneHolds } from "./zone-matching.ts";

const to = (country: string, state = "", postcode = "") => ({ country, state, postcode });

describe("postcodeMatches", () => {
  it.each([
    ["28001", "28001", true],
    ["28001", "28002", false],
    ["280*", "28013", true],
    ["280*", "29013", false],
    ["CB2*", "cb2 3qz", true],
    ["*", "anything", true],
    ["28000...28999", "28500", true],
    ["28000...28999", "29000", false],
    ["90210...90299", "90210", true],
    ["90210...90299", "902", false],
    ["AA1...AA9", "AA5", true],
    ["AA1...AA9", "AB5", false],
  ])("%s holds %s: %s", (rule, postcode, holds) => {
    expect(postcodeMatches(rule, postcode)).toBe(holds);
  });
});

describe("zoneHolds", () => {
  const spainMadrid: ZoneLocation[] = [{ type: "state", code: "ES:M" }];
  it("matches countries, states and continents", () => {
    expect(zoneHolds([{ type: "country", code: "ES" }], to("ES", "B"))).toBe(true);
    expect(zoneHolds(spainMadrid, to("ES", "M"))).toBe(true);
    expect(zoneHolds(spainMadrid, to("ES", "B"))).toBe(false);
    expect(zoneHolds([{ type: "continent", code: "EU" }], to("FR"))).toBe(true);
    expect(zoneHolds([{ type: "continent", code: "EU" }], to("US"))).toBe(false);
  });
  it("asks the postcode only of a zone that lists postcodes", () => {
    const zone: ZoneLocation[] = [
      { type: "country", code: "ES" },
      { type: "postcode", code: "28*" },
    ];
    expect(zoneHolds(zone, to("ES", "M", "28013"))).toBe(true);
    expect(zoneHolds(zone, to("ES", "B", "08001"))).toBe(false);
    expect(zoneHolds([{ type: "postcode", code: "10001...10099" }], to("US", "NY", "10010"))).toBe(true);
  });
});

describe("matchZone", () => {
  const zones = [
    { id: 0, order: 0, locations: [] },
    { id: 3, order: 2, locations: [{ type: "country", code: "ES" }] as ZoneLocation[] },
    {
      id: 5,
      order: 1,
      locations: [
        { type: "country", code: "ES" },
        { type: "postcode", code: "28000...28999" },
      ] as ZoneLocation[],
    },
  ];
  it("takes the first zone in the owner's order that holds the address", () => {
    expect(matchZone(zones, to("ES", "M", "28013"))?.id).toBe(5);
    expect(matchZone(zones, to("ES", "B", "08001"))?.id).toBe(3);
  });
  it("falls back to the locations not covered by the other zones (zone 0)", () => {
    expect(matchZone(zones, to("US", "NY", "10001"))?.id).toBe(0);
    expect(matchZone(zones.slice(1), to("US"))).toBeUndefined();
  });
  it("breaks an equal order by id", () => {
    const tied = [
      { id: 9, order: 1, locations: [{ type: "country", code: "FR" }] as ZoneLocation[] },
      { id: 4, order: 1, locations: [{ type: "continent", code: "EU" }] as ZoneLocation[] },
    ];
    expect(matchZone(tied, to("FR"))?.id).toBe(4);
  });
});
