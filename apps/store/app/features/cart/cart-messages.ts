/**
 * What the cart says to the shopper after an asynchronous change: a polite status (success) and an
 * alert (a refused change). One small store, read by the live regions the header renders once.
 */
export type CartMessage = { id: number; text: string; tone: "status" | "error" };

let current: { status: CartMessage | null; error: CartMessage | null } = { status: null, error: null };
let next = 1;
const listeners = new Set<() => void>();
const initial = { status: null, error: null };

function emit(): void {
  for (const listener of listeners) listener();
}

export const cartMessages = {
  get: () => current,
  getServer: () => initial,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A fresh id each time, so the same sentence twice is announced twice. */
  say(text: string, tone: "status" | "error"): void {
    const message = { id: next++, text, tone };
    current = tone === "status" ? { status: message, error: null } : { ...current, error: message };
    emit();
  },
  clearError(): void {
    if (!current.error) return;
    current = { ...current, error: null };
    emit();
  },
};
