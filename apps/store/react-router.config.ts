import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Several builds can live side by side (parallel test runs); `build` is the default.
  buildDirectory: process.env.VITRINE_BUILD_DIR ?? "build",
} satisfies Config;
