import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

/**
 * The browser build puts the app's modules that root.tsx imports, directly or not, into one chunk
 * (decision 0054). Every page loads all of them before it is interactive anyway; left to itself,
 * Rollup cuts them into a dozen chunks of a few hundred bytes each (one per set of pages and parts
 * that share them), and each file costs the budget its own gzip frame and a request. Lazy parts stay
 * lazy: a module only a lazy part or a page imports is not in the root's static graph, so it is left
 * where Rollup puts it.
 */
function rootShellChunk(): Rollup.GetManualChunk {
  const inShell = new Map<string, boolean>();
  const isRoot = (id: string) => id.split("?")[0]!.endsWith("/app/root.tsx");
  const reachedFromRoot = (id: string, getModuleInfo: Rollup.GetModuleInfo, seen: Set<string>): boolean => {
    const known = inShell.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return false;
    seen.add(id);
    const importers = getModuleInfo(id)?.importers ?? [];
    return importers.some((importer) => isRoot(importer) || reachedFromRoot(importer, getModuleInfo, seen));
  };
  return (id, { getModuleInfo }) => {
    const file = id.split("?")[0]!;
    if (id.startsWith("\0") || file.includes("/node_modules/") || !/\/app\/.*\.tsx?$/.test(file)) return;
    if (isRoot(id)) return;
    const reached = reachedFromRoot(id, getModuleInfo, new Set());
    inShell.set(id, reached);
    return reached ? "root-shell" : undefined;
  };
}

/**
 * The embedded database's thread (decision 0086) as a module of its own beside the server's entry,
 * `build/server/pglite-thread.js` (React Router names every entry `index.js`, so it is an emitted
 * chunk with a fixed name rather than a second entry).
 */
function pgliteThreadModule(): Plugin {
  return {
    name: "vitrine-pglite-thread",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: fileURLToPath(new URL("../../packages/db/src/pglite-thread.ts", import.meta.url)),
        fileName: "pglite-thread.js",
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express server, which mounts the React Router build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server.ts" }, target: "node20" }
    : { target: "es2022", rollupOptions: { output: { manualChunks: rootShellChunk() } } },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [pgliteThreadModule()] : [])],
}));
