import { defineConfig, devices } from "@playwright/test";
import fs from "node:fs";
import { E2E } from "./tests/e2e/support/env";

/**
 * End-to-end tests: real Chromium against `next start` and the sandbox core service over
 * real HTTP, on ports of their own and a fresh PGlite folder per run.
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";

// Debian's Chromium where it is installed (CI and these machines); Playwright's own elsewhere.
const debianChromium = "/usr/bin/chromium";
const launchOptions = {
  executablePath: fs.existsSync(debianChromium) ? debianChromium : undefined,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

const appEnv = {
  NEXT_DIST_DIR: DIST,
  KASSA_DATA_DIR: E2E.dataDir,
  KASSA_UPSTREAM_URL: `${E2E.sandboxOrigin}/api`,
  KASSA_PUBLIC_URL: E2E.appUrl,
  KASSA_UPSTREAM_TIMEOUT_MS: "1500",
  NEXTAUTH_URL: E2E.appUrl,
};

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so that two runs in one tree never delete each other's results.
  outputDir: `test-results/e2e-${E2E.appPort}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: sandbox faults are per path for the next N calls, and a second worker's
  // purchase could take a fault meant for another test.
  workers: 1,
  retries: 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: ".ci/out/playwright.json" }]]
    : [["list"]],
  use: {
    baseURL: E2E.appUrl,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions },
      dependencies: ["setup"],
      testIgnore: /auth\.setup\.ts/,
    },
  ],
  webServer: [
    {
      command: `npx tsx lib/sandbox/main.ts`,
      env: { SANDBOX_PORT: String(E2E.sandboxPort) },
      url: `${E2E.sandboxOrigin}/__sandbox/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh journal for every run; `next build` has run before (npm run test:e2e).
      command: `rm -rf ${E2E.dataDir} ${E2E.dataDir}.lock && npx next start -p ${E2E.appPort}`,
      env: appEnv,
      url: `${E2E.appUrl}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
