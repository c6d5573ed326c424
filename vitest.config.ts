import { defineConfig } from "vitest/config";
import os from "node:os";
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
    // Most files wait rather than compute (PGlite opening, child processes, the sandbox over
    // HTTP), so two at a time halve the run even on two cores; Vitest alone would take cores − 1.
    // Files that share the run's sandbox never inject faults on it (upstream-sandbox.ts).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".ci/out/vitest.json" }]]
      : ["default"],
  },
});
