import { describe, expect, it } from "vitest";
import { type StepperField, settleTyped, stepDown, stepOf, stepUp } from "./quantity-rules.ts";

describe("stepUp (plus)", () => {
  it.each<[string, StepperField, number]>([
    ["adds one step", { value: "1", min: "1", max: "10", step: "1" }, 2],
    ["never passes max", { value: "9.5", min: "0", max: "10", step: "1" }, 10],
    ["at max stays at max", { value: "10", max: "10" }, 10],
    ["above max is set to max", { value: "14", max: "10" }, 10],
    ["no max means no bound", { value: "99", max: "" }, 100],
    ["step 'any' counts as 1", { value: "2", step: "any" }, 3],
    ["empty step counts as 1", { value: "2", step: "" }, 3],
    ["non-numeric step counts as 1", { value: "2", step: "abc" }, 3],
    ["non-numeric value counts as 0", { value: "abc", step: "1" }, 1],
    ["empty value counts as 0", { value: "", step: "2" }, 2],
    ["rounds to the step's decimals", { value: "0.1", step: "0.2" }, 0.3],
    ["two decimals", { value: "1.25", step: "0.01" }, 1.26],
  ])("%s", (_name, field, expected) => {
    expect(stepUp(field)).toBe(expected);
  });
});

describe("stepDown (minus)", () => {
  it.each<[string, StepperField, number]>([
    ["takes one step", { value: "3", min: "1", step: "1" }, 2],
    ["never passes min", { value: "1.5", min: "1", step: "1" }, 1],
    ["at min stays at min", { value: "1", min: "1" }, 1],
    ["below min is set to min", { value: "-4", min: "1" }, 1],
    ["min defaults to 0", { value: "1", step: "1" }, 0],
    ["min defaults to 0 when not a number", { value: "0", min: "x" }, 0],
    ["stops at 0 when min is negative", { value: "0", min: "-5" }, 0],
    ["negative value above a negative min is kept", { value: "-2", min: "-5" }, -2],
    ["non-numeric value counts as 0", { value: "abc", min: "0" }, 0],
    ["step 'any' counts as 1", { value: "5", step: "any" }, 4],
    ["rounds to the step's decimals", { value: "0.3", step: "0.1" }, 0.2],
  ])("%s", (_name, field, expected) => {
    expect(stepDown(field)).toBe(expected);
  });
});

describe("stepOf", () => {
  it.each<[unknown, number]>([
    ["any", 1],
    ["", 1],
    ["NaN", 1],
    [undefined, 1],
    ["0", 1],
    ["5", 5],
    ["0.5", 0.5],
  ])("%j → %d", (raw, expected) => {
    expect(stepOf(raw)).toBe(expected);
  });
});

describe("settleTyped (a typed value)", () => {
  it.each<[string, Pick<StepperField, "value" | "min">, string]>([
    ["below min resets to min", { value: "0", min: "1" }, "1"],
    ["negative resets to min 0", { value: "-3", min: "0" }, "0"],
    ["min defaults to 0", { value: "-1" }, "0"],
    ["at min is kept", { value: "1", min: "1" }, "1"],
    ["above min is kept", { value: "7", min: "1" }, "7"],
    ["a negative min does not reset", { value: "-9", min: "-2" }, "-9"],
    ["empty is left for the browser's validity", { value: "", min: "1" }, ""],
  ])("%s", (_name, field, expected) => {
    expect(settleTyped(field)).toBe(expected);
  });
});
