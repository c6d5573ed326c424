import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/setup.ts"],
    globalSetup: ["tests/global-setup.ts"],
    // PGlite takes a few seconds to open cold; the sandbox answers over real HTTP.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".ci/out/vitest.json" }]]
      : ["default"],
  },
});
