import { defineConfig } from "vitest/config";
import path from "node:path";

/**
 * `npm run test:faults`: whole Kassa instances (next start of the production build) killed,
 * doubled and cut off from their database. Two files at a time: each starts its own sandbox
 * and instances on free ports, with its own folders and databases, and mostly waits on them.
 */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname, "../..") } },
  test: {
    root: path.resolve(__dirname, "../.."),
    include: ["tests/faults/**/*.test.ts"],
    // Every instance's fresh journal is a copy of one migrated empty journal (lib/db/pglite-worker.mjs).
    env: { KASSA_JOURNAL_TEMPLATE_DIR: path.resolve(__dirname, "../../.data/journal-template") },
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".ci/out/faults.json" }]]
      : ["default"],
  },
});
