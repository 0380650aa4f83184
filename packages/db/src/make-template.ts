import { migratedPgliteImage } from "./client.ts";
import { readTemplate, templateFile, writeTemplate } from "./template.ts";

/**
 * `npm run template`: makes the template a new PGlite data folder starts from (decision 0048), once
 * per PGlite build and set of migrations; the build runs it, so a fresh store's first start skips
 * PGlite's initdb.
 */
if (readTemplate()) {
  console.log(`PGlite template up to date: ${templateFile()}`);
} else {
  const image = await migratedPgliteImage();
  writeTemplate(Buffer.from(await image.arrayBuffer()));
  console.log(`PGlite template made: ${templateFile()}`);
}
