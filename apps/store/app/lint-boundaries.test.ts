import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of docs/architecture.md live in biome.json; `npm test` runs Biome over the tree.
 * This proves the rules report what they must: each probe file, placed where the rule applies in a
 * copy of the project's configuration, breaks one rule, and each allowed probe breaks none.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const biome = path.join(root, "node_modules/.bin/biome");

const probes: Array<{ file: string; source: string; rule: string | null }> = [
  {
    file: "apps/store/app/lib/probe-imports-service.ts",
    source: 'import { loadCart } from "../services/cart.server.ts";\nexport const probe = loadCart;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/lib/probe-imports-feature.ts",
    source: 'import { CartPage } from "../features/cart/index.ts";\nexport const probe = CartPage;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/features/cart/probe-deep-feature.ts",
    source: 'import { useMoney } from "../catalogue/use-money.ts";\nexport const probe = useMoney;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/features/cart/probe-deep-feature-by-folder.ts",
    source:
      'import { useMoney } from "../../features/catalogue/use-money.ts";\nexport const probe = useMoney;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/features/cart/probe-feature-index-by-folder.ts",
    source: 'import { Price } from "../../features/catalogue/index.ts";\nexport const probe = Price;\n',
    rule: null,
  },
  {
    file: "apps/store/app/features/cart/probe-feature-index.ts",
    source:
      'import { Price } from "../catalogue/index.ts";\nimport type { CartView } from "../../lib/cart.ts";\nexport const probe: [unknown, CartView | null] = [Price, null];\n',
    rule: null,
  },
  {
    file: "apps/store/app/features/cart/probe-server-module.ts",
    source: 'import type { CartView } from "../../services/cart.server.ts";\nexport type Probe = CartView;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/components/ui/probe-feature.tsx",
    source: 'import { Price } from "../../features/catalogue/index.ts";\nexport const probe = Price;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/services/probe-feature.server.ts",
    source:
      'import { orderbySchema } from "../features/catalogue/orderby.ts";\nexport const probe = orderbySchema;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/services/probe-lib.server.ts",
    source:
      'import { addressSchema } from "../lib/checkout-schema.ts";\nexport const probe = addressSchema;\n',
    rule: null,
  },
  {
    file: "apps/store/app/routes/probe/probe-calls.server.ts",
    source: 'import { cartWcAjax } from "../../calls/cart.server.ts";\nexport const probe = cartWcAjax;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/services/probe-env.server.ts",
    source: "export const probe = process.env.PORT;\n",
    rule: "lint/style/noProcessEnv",
  },
  {
    file: "apps/store/app/config.server.ts",
    source: "export const probe = process.env.PORT;\n",
    rule: null,
  },
  {
    file: "apps/store/app/services/ProbeName.server.ts",
    source: "export const probe = 1;\n",
    rule: "lint/style/useFilenamingConvention",
  },
  {
    file: "packages/db/src/probe-app.ts",
    source: 'import { createApp } from "../../../apps/store/server.ts";\nexport const probe = createApp;\n',
    rule: "lint/style/noRestrictedImports",
  },
];

describe("the linter enforces the layer boundaries", () => {
  let dir = "";
  let reported = new Map<string, string[]>();

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "vitrine-lint-"));
    // The project's own rules, without the git integration (the copy is not a repository).
    const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8")) as Record<string, unknown>;
    delete config.vcs;
    delete config.$schema;
    writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
    for (const probe of probes) {
      mkdirSync(path.dirname(path.join(dir, probe.file)), { recursive: true });
      writeFileSync(path.join(dir, probe.file), probe.source);
    }
    let output = "";
    try {
      output = execFileSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
        cwd: dir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
    } catch (error) {
      // Biome exits non-zero when it reports errors: that is the expected case here.
      output = String((error as { stdout?: string }).stdout ?? "");
    }
    const diagnostics = (
      JSON.parse(output) as { diagnostics: Array<{ category: string; location: { path: string } }> }
    ).diagnostics;
    reported = new Map();
    for (const diagnostic of diagnostics) {
      const file = diagnostic.location.path.split(path.sep).join("/");
      reported.set(file, [...(reported.get(file) ?? []), diagnostic.category]);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(probes)("$file: $rule", ({ file, rule }) => {
    const categories = (reported.get(file) ?? []).filter((category) => category.startsWith("lint/style/"));
    if (rule === null) expect(categories).toEqual([]);
    else expect(categories).toContain(rule);
  });
});
