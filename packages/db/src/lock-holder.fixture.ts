// The other process in the lock tests: opens a data folder, says "ready", and holds it until killed.
import { createDb } from "./client.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("Usage: tsx lock-holder.fixture.ts <data folder>");
await createDb({ dataDir, migrate: false });
process.stdout.write("ready\n");
// The lock does not keep a process alive by itself (its socket is unref'd): this does.
setInterval(() => {}, 60_000);
