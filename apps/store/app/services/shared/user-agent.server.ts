/**
 * Phones and tablets, by User-Agent: the common tokens that browsers on touch devices send.
 * Used where the server must choose (hover zoom is only for pointer devices, spec §2 "Gallery").
 */
const mobilePattern = /Mobi|Android|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Silk|Kindle|webOS/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return mobilePattern.test(userAgent ?? "");
}

/** The part of the page cache's key that a page rendered for this User-Agent depends on. */
export function deviceClass(userAgent: string | null | undefined): "mobile" | "desktop" {
  return isMobileUserAgent(userAgent) ? "mobile" : "desktop";
}
