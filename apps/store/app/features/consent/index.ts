export { consentApiScript } from "./consent-script.tsx";
export { hasConsent, onConsentChange } from "./consent-state.ts";
