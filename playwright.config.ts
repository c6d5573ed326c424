import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, systemChromium } from "./scripts/chromium.mjs";
import { E2E, E2E_BASE, LANES, laneEnv } from "./tests/e2e/support/env";

/**
 * End-to-end tests: real Chromium against `next start` and the sandbox core service over
 * real HTTP, on ports of their own and a fresh PGlite folder per run.
 *
 * Lanes (tests/e2e/support/env.ts): one worker per lane, and every lane has its own sandbox,
 * its own `next start` and its own PGlite folder. This file is evaluated again inside each
 * worker with TEST_PARALLEL_INDEX set, so `use.baseURL` below is that worker's lane's app.
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
// E2E_SERVER=dev runs the specs against `next dev` instead of the production build, for the
// checks that must hold in development too (console-clean.spec.ts); npm test uses `next start`.
const NEXT_COMMAND = process.env.E2E_SERVER === "dev" ? "dev" : "start";

// The system's Chromium where it is installed (CI and these machines); Playwright's own elsewhere.
const launchOptions = { executablePath: systemChromium(), args: CHROMIUM_ARGS };

const appEnv = (lane: ReturnType<typeof laneEnv>) => ({
  NEXT_DIST_DIR: DIST,
  KASSA_DATA_DIR: lane.dataDir,
  // The lane's fresh journal is a copy of one migrated empty journal (lib/db/pglite-worker.mjs).
  KASSA_JOURNAL_TEMPLATE_DIR: ".data/journal-template",
  KASSA_UPSTREAM_URL: `${lane.sandboxOrigin}/api`,
  // Nothing listens there unless a spec starts its SMTP listener (care.spec.ts): a send then fails, as it should.
  KASSA_SMTP_URL: `smtp://127.0.0.1:${lane.smtpPort}`,
  KASSA_PUBLIC_URL: lane.appUrl,
  KASSA_UPSTREAM_TIMEOUT_MS: "1500",
  // High enough that the fault tests of other specs never pause sales; upstream-dialects.spec.ts opens it on purpose.
  KASSA_UPSTREAM_BREAKER_FAILURES: "12",
  KASSA_UPSTREAM_BREAKER_PROBE_MS: "2000",
  // The card follower's "minute": 2 s, so that a payment after the till stopped is found in a test's time.
  KASSA_CARD_FOLLOW_MINUTE_MS: "2000",
  NEXTAUTH_URL: lane.appUrl,
  // One minute instead of ten: the specs that prove the guard repeat a sale within seconds, and
  // specs that sell the same test meter and amount minutes apart are different customers.
  KASSA_DUPLICATE_WINDOW_MINUTES: "1",
  // The float's runway warning off: a lane's sandbox float (R 50 000) lasts a short while at the
  // pace of a test run; office-screens.spec.ts turns it on for its own test and off again.
  KASSA_RUNWAY_WARN_HOURS: "0",
  // No daily backup: its snapshot holds the journal for a second, which no spec should wait on.
  KASSA_BACKUP_KEEP: "0",
  // "Refresh" of the VAS catalogue goes to the sandbox at once: upstream-dialects.spec.ts
  // switches the catalogue's shape and refreshes (the minute's cache is proved in Vitest).
  KASSA_VAS_REFRESH_SECONDS: "0",
  // The lane's network printer (tests/e2e/support/fake-printer.ts) listens on loopback, on the
  // lane's app port + 6000, as a one-PC shop's local printer bridge would.
  KASSA_PRINTER_HOSTS: "127.0.0.1/32",
  KASSA_PRINTER_PORTS: String(lane.appPort + 6000),
});

const lanes = Array.from({ length: LANES }, (_, lane) => laneEnv(lane));

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so that two runs in one tree never delete each other's results.
  outputDir: `test-results/e2e-${E2E_BASE.appPort}`,
  // On CI, two cores carry the specs, the fault suite and the soak at once (load 14 to 20): a
  // server action that takes 2 s alone can take 12 there. What a spec waits for is the same
  // either way; only how long it waits before calling it a failure grows.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  // One worker per lane: sandbox faults are per path for the next N calls, so two workers
  // share nothing upstream or in the journal. Set the count with E2E_LANES (1 still works).
  workers: LANES,
  // On CI two retries (Playwright's own suggestion for CI): two cores shared by the specs, the
  // fault suite and the soak (load 14 to 20) make the odd spec miss a deadline, and a serial
  // file's retry reruns the whole file on a busier journal. A spec that passes on a retry is
  // reported as flaky, by name (.ci/summarise.mjs); one that fails three times fails the run.
  // Never locally.
  retries: process.env.CI ? 2 : 0,
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: ".ci/out/playwright.json" }]]
    : [["list"]],
  use: {
    baseURL: E2E.appUrl,
    // CI prints what failed and keeps no files, and a trace recorded for every test costs a
    // fifth of the browsers' time there: traces on failure everywhere else.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    // Signs in every lane's users (auth.setup.ts); its tests spread over the workers.
    { name: "setup", testMatch: /auth\.setup\.ts/, fullyParallel: true },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], launchOptions },
      dependencies: ["setup"],
      testIgnore: /auth\.setup\.ts/,
    },
  ],
  webServer: lanes.flatMap((lane) => [
    {
      name: `sandbox ${lane.lane}`,
      command: `npx tsx lib/sandbox/main.ts`,
      env: { SANDBOX_PORT: String(lane.sandboxPort) },
      url: `${lane.sandboxOrigin}/__sandbox/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A fresh journal for every run; `next build` has run before (npm run test:e2e).
      name: `app ${lane.lane}`,
      command: `rm -rf ${lane.dataDir} ${lane.dataDir}.lock && npx next ${NEXT_COMMAND} -p ${lane.appPort}`,
      env: appEnv(lane),
      url: `${lane.appUrl}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ]),
});
