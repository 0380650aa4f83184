/**
 * The stores serve as soon as their rows are in; the demo's pictures are drawn afterwards (decision
 * 0021). The tests start once both stores report every picture drawn, so what they see is a store's
 * steady state and no drawing competes with them for the machine.
 */
export default async function globalSetup() {
  const stores = [process.env.E2E_PORT, process.env.E2E_WALLET_STORE_PORT].map(
    (port) => `http://127.0.0.1:${port}/healthz`,
  );
  const deadline = Date.now() + 600_000;
  for (const url of stores) {
    for (;;) {
      const health = (await (await fetch(url)).json()) as { media?: string };
      if (health.media === "ready") break;
      if (Date.now() > deadline) throw new Error(`${url} still draws the demo pictures after 10 minutes.`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
