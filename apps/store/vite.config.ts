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
 * Modules the server starts on threads or processes of its own, each beside the server's entry in
 * `build/server` under a fixed name (React Router names every entry `index.js`, so they are emitted
 * chunks rather than entries): the embedded database's thread (decision 0086) and the drawing
 * process (decision 0089).
 */
function serverSideModules(): Plugin {
  const modules = {
    "pglite-thread.js": "../../packages/db/src/pglite-thread.ts",
    "drawing-process.js": "../../packages/db/src/seed/drawing-process.ts",
  };
  return {
    name: "vitrine-server-side-modules",
    buildStart() {
      for (const [fileName, source] of Object.entries(modules)) {
        this.emitFile({ type: "chunk", id: fileURLToPath(new URL(source, import.meta.url)), fileName });
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express server, which mounts the React Router build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server.ts" }, target: "node20" }
    : { target: "es2022", rollupOptions: { output: { manualChunks: rootShellChunk() } } },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [serverSideModules()] : [])],
}));
