import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express server, which mounts the React Router build.
  build: isSsrBuild ? { rollupOptions: { input: "./server.ts" }, target: "node20" } : { target: "es2022" },
  plugins: [tailwindcss(), reactRouter()],
}));
