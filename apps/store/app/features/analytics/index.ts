export { useAnalytics } from "./use-tracking.ts";
