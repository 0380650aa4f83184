import { useEffect, useRef, useState } from "react";
import { lazyPart, PartSlot } from "../../components/ui/lazy-part.tsx";
import { consentChosen } from "./consent-state.ts";
import { OPEN_CONSENT_EVENT } from "./privacy-choices-button.tsx";

/** The banner's code loads only when it is shown: for a shopper who has chosen, never. */
const ConsentBanner = lazyPart("consent-banner", () => import("./consent-banner.tsx"));

/**
 * Shows the banner to a shopper who has not chosen yet (a browser sending Global Privacy Control has:
 * it said no), and again when the footer's "Privacy choices" asks.
 */
export default function ConsentHost() {
  const [open, setOpen] = useState<null | { takeFocus: boolean }>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!consentChosen() && navigator.globalPrivacyControl !== true) setOpen({ takeFocus: false });
    const reopen = (event: Event) => {
      opener.current = event.target instanceof HTMLElement ? event.target : null;
      setOpen({ takeFocus: true });
    };
    document.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => document.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);
  if (!open) return null;
  return (
    <PartSlot>
      <ConsentBanner
        takeFocus={open.takeFocus}
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
}
