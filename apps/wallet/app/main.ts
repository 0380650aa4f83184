import { loadWalletConfig } from "./config.ts";
import { createWalletApp } from "./server.ts";

const config = loadWalletConfig();
const server = createWalletApp(config).listen(config.port, config.bind, () => {
  console.log(`Reference wallet on ${config.host} for the store at ${config.storeUrl}`);
  if (config.demo.generated) {
    console.log(
      `Wallet demo account: ${config.demo.email} / ${config.demo.password} (set WALLET_DEMO_PASSWORD to choose it)`,
    );
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
