import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of docs/architecture.md live in biome.json; `npm test` runs Biome over the tree.
 * This proves the rules report what they must: each probe file, placed where the rule applies in a
 * copy of the project's configuration, breaks one rule, and each allowed probe breaks none. The
 * import cycle's probes import each other; the rest import files that need not exist.
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
    // No barrels: a feature imports the module of another feature that defines the thing.
    file: "apps/store/app/features/cart/probe-other-feature-module.ts",
    source:
      'import { useMoney } from "../catalogue/use-money.ts";\nimport type { CartView } from "../../lib/cart.ts";\nexport const probe: [unknown, CartView | null] = [useMoney, null];\n',
    rule: null,
  },
  {
    file: "apps/store/app/features/cart/probe-other-feature-by-folder.ts",
    source:
      'import { useMoney } from "../../features/catalogue/use-money.ts";\nexport const probe = useMoney;\n',
    rule: null,
  },
  {
    file: "apps/store/app/features/cart/probe-feature-barrel.ts",
    source: 'import { Price } from "../catalogue/index.ts";\nexport const probe = Price;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/features/cart/probe-back-office.ts",
    source: 'import { OrderList } from "../admin/orders/order-list.tsx";\nexport const probe = OrderList;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/features/admin/orders/probe-storefront-feature.ts",
    source: 'import { Price } from "../../catalogue/price.tsx";\nexport const probe = Price;\n',
    rule: null,
  },
  {
    file: "apps/store/app/features/catalogue/probe-root.ts",
    source: 'import { useRootData } from "../../root.tsx";\nexport const probe = useRootData;\n',
    rule: "lint/style/noRestrictedImports",
  },
  // An import cycle, however long, is refused; a cycle of type-only imports is erased at build and allowed.
  {
    file: "apps/store/app/features/cart/probe-cycle-a.ts",
    source: 'import { b } from "../catalogue/probe-cycle-b.ts";\nexport const a = () => b;\n',
    rule: "lint/suspicious/noImportCycles",
  },
  {
    file: "apps/store/app/features/catalogue/probe-cycle-b.ts",
    source: 'import { c } from "./probe-cycle-c.ts";\nexport const b = () => c;\n',
    rule: "lint/suspicious/noImportCycles",
  },
  {
    file: "apps/store/app/features/catalogue/probe-cycle-c.ts",
    source: 'import { a } from "../cart/probe-cycle-a.ts";\nexport const c = () => a;\n',
    rule: "lint/suspicious/noImportCycles",
  },
  {
    file: "apps/store/app/features/cart/probe-type-cycle-a.ts",
    source:
      'import type { B } from "./probe-type-cycle-b.ts";\nexport type A = { b?: B };\nexport const a = 1;\n',
    rule: null,
  },
  {
    file: "apps/store/app/features/cart/probe-type-cycle-b.ts",
    source: 'import type { A } from "./probe-type-cycle-a.ts";\nexport type B = { a?: A };\n',
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
    file: "apps/store/app/components/layout/probe-feature.tsx",
    source:
      'import { HeaderCart } from "../../features/cart/header-cart.tsx";\nexport const probe = HeaderCart;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/components/layout/probe-root.tsx",
    source: 'import type { RootData } from "../../root.tsx";\nexport type Probe = RootData;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/components/layout/probe-primitive.tsx",
    source: 'import { PartSlot } from "../ui/lazy-part.tsx";\nexport const probe = PartSlot;\n',
    rule: null,
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
    file: "apps/store/app/routes/probe/probe-other-route.server.ts",
    source:
      'import { handleCartAction } from "../cart/cart-action.server.ts";\nexport const probe = handleCartAction;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/routes/probe/route.tsx",
    source:
      'import type { Route } from "./+types/route";\nimport { probe as own } from "./probe-own.ts";\nimport { Price } from "../../features/catalogue/price.tsx";\nimport { useRootData } from "../../root-data.ts";\nexport const probe: [unknown, unknown, unknown, Route.ComponentProps | null] = [own, Price, useRootData, null];\n',
    rule: null,
  },
  {
    file: "apps/store/app/routes/probe/probe-root.ts",
    source: 'import { useRootData } from "../../root.tsx";\nexport const probe = useRootData;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/routes/admin/probe/probe-other-admin-route.server.ts",
    source:
      'import { loadOrderList } from "../orders/admin-orders.server.ts";\nexport const probe = loadOrderList;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/routes/admin/probe/probe-storefront-route.server.ts",
    source:
      'import { handleCartAction } from "../../cart/cart-action.server.ts";\nexport const probe = handleCartAction;\n',
    rule: "lint/style/noRestrictedImports",
  },
  {
    file: "apps/store/app/routes/admin/probe/probe-service.server.ts",
    source:
      'import { requireAdmin } from "../../../services/people/staff-access.server.ts";\nexport const probe = requireAdmin;\n',
    rule: null,
  },
  {
    file: "apps/store/app/routes/admin/probe-child-route.tsx",
    source:
      'import { loadOrderList } from "./orders/admin-orders.server.ts";\nexport const probe = loadOrderList;\n',
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
    const categories = (reported.get(file) ?? []).filter(
      (category) => category.startsWith("lint/style/") || category === "lint/suspicious/noImportCycles",
    );
    if (rule === null) expect(categories).toEqual([]);
    else expect(categories).toContain(rule);
  });
});
