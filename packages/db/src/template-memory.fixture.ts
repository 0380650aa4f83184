// The template's memory test in a process of its own: opens a data folder from a folder of
// templates and prints, as JSON, how many bytes of array buffers the open database keeps, measured
// after a forced collection, and the probe row it reads. Run with `--expose-gc`.
import { openPgliteFolder } from "./pglite-open.ts";

const [dataDir, templateDir] = process.argv.slice(2);
if (!dataDir || !templateDir) throw new Error("Usage: template-memory.fixture.ts <data folder> <templates>");
const { gc } = globalThis as { gc?: () => void };
if (!gc) throw new Error("Run with --expose-gc");
gc();
const before = process.memoryUsage().arrayBuffers;
const client = await openPgliteFolder(dataDir, templateDir);
gc();
const kept = process.memoryUsage().arrayBuffers - before;
const { rows } = await client.query<{ value: string }>("select value from settings where key = 'probe'");
await client.close();
process.stdout.write(`${JSON.stringify({ kept, rows })}\n`);
