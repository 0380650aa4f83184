import { pgliteTemplate } from "./client.ts";
import { templateFile } from "./template.ts";

/**
 * `npm run template`: makes the template a new PGlite data folder starts from (decision 0048), once
 * per PGlite build and set of migrations (an up-to-date one is kept); the build runs it, so a fresh
 * store's first start skips PGlite's initdb.
 */
await pgliteTemplate();
console.log(`PGlite template: ${templateFile()}`);
