export { ConsentScript } from "./consent-script.tsx";
export { hasConsent, onConsentChange } from "./consent-state.ts";
export { PrivacyChoicesButton } from "./privacy-choices-button.tsx";
