export { AttributionForm, AttributionInputs } from "./attribution-inputs.tsx";
export { currentRecord, setOrderTracking } from "./tracking.ts";
export { useAttributionTracking } from "./use-attribution-tracking.ts";
