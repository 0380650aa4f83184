/**
 * The "Please wait..." overlay (spec §9): covers and blocks the page during a long operation
 * (placing an order, the way to the wallet), announced to screen readers, with everything behind it
 * inert. Returns the release, which is safe to call more than once.
 */
export function blockPage(message: string): () => void {
  const overlay = document.createElement("div");
  overlay.className =
    "block-page fixed inset-0 z-[100] flex cursor-wait items-center justify-center bg-white/70";
  overlay.setAttribute("role", "alert");
  overlay.setAttribute("aria-busy", "true");
  const text = document.createElement("p");
  text.className = "rounded bg-white px-4 py-2 font-semibold shadow";
  text.textContent = message;
  overlay.append(text);
  const madeInert = [...document.body.children].filter(
    (element): element is HTMLElement => element instanceof HTMLElement && !element.inert,
  );
  for (const element of madeInert) element.inert = true;
  document.body.append(overlay);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    overlay.remove();
    for (const element of madeInert) element.inert = false;
  };
}
