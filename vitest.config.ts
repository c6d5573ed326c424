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
    // Each file's fresh journal is a copy of one migrated empty journal (lib/db/pglite-worker.mjs).
    env: { KASSA_JOURNAL_TEMPLATE_DIR: path.resolve(__dirname, ".data/journal-template") },
    testTimeout: 30_000,
    // A file's set-up opens its journal and often a sandbox of its own: on two cores also
    // running the type check and lint, that has taken over a minute.
    hookTimeout: 120_000,
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
