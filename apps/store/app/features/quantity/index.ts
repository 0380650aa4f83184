export { QuantityInput } from "./quantity-input.tsx";
export { settleTyped, stepDown, stepUp } from "./quantity-rules.ts";
