import { useEffect, useRef, useState } from "react";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import type { LegalPageLinks } from "../../lib/store-settings.ts";
import { CONSENT_OPEN_EVENT } from "./consent-script.tsx";
import { consentChosen } from "./consent-state.ts";

/** The banner's code loads only when it is shown: for a shopper who has chosen, never. */
const ConsentBanner = lazyPart("consent-banner", () => import("./consent-banner.tsx"));

/**
 * Shows the banner to a shopper who has not chosen yet (a browser sending Global Privacy Control has:
 * it said no), and again when the footer's "Privacy choices" asks. The root renders it first in the
 * body, so the banner is first in the focus order (decision 0051).
 */
export default function ConsentHost({ legalPages }: { legalPages: LegalPageLinks | null }) {
  const [open, setOpen] = useState<null | { takeFocus: boolean }>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // The page's consent script keeps the footer button's clicks, those made before this code arrived too.
    const reopen = () => {
      opener.current = window.vitrine_consent_opener ?? null;
      window.vitrine_consent_opener = undefined;
      setOpen({ takeFocus: true });
    };
    if (window.vitrine_consent_opener) reopen();
    else if (!consentChosen() && navigator.globalPrivacyControl !== true) setOpen({ takeFocus: false });
    document.addEventListener(CONSENT_OPEN_EVENT, reopen);
    return () => document.removeEventListener(CONSENT_OPEN_EVENT, reopen);
  }, []);
  if (!open) return null;
  return (
    <PartSlot>
      <ConsentBanner
        takeFocus={open.takeFocus}
        privacyPage={legalPages?.privacy ?? null}
        onDone={() => {
          setOpen(null);
          opener.current?.focus();
          opener.current = null;
        }}
      />
    </PartSlot>
  );
}

declare global {
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
  interface Window {
    /** The "Privacy choices" button last clicked, until the consent host opens the banner for it. */
    vitrine_consent_opener?: HTMLElement;
  }
}
