import type { test as playwrightTest } from "@playwright/test";

/**
 * Where the end-to-end run's apps and sandboxes listen, shared by playwright.config.ts and the tests.
 *
 * The run has E2E_LANES lanes (default 3), one per Playwright worker. Lane n has its own
 * sandbox core service on E2E_SANDBOX_PORT + n, its own `next start` on E2E_APP_PORT + n and
 * its own PGlite folder, so the sandbox's faults, clock and transactions, the upstream circuit
 * breaker, the duplicate guard and the card follower of one lane never touch another. A
 * worker's lane is its TEST_PARALLEL_INDEX (Playwright keeps it in 0 … workers − 1, and gives a
 * restarted worker the index of the one it replaces); the runner process itself is lane 0.
 */
const BASE_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3210);
const BASE_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4210);

function laneCount(): number {
  const lanes = Number(process.env.E2E_LANES ?? 3);
  if (!Number.isInteger(lanes) || lanes < 1)
    throw new Error(
      `E2E_LANES must be a whole number of lanes, 1 or more; got "${process.env.E2E_LANES}"`,
    );
  return lanes;
}

/** How many lanes (and Playwright workers) the run has. */
export const LANES = laneCount();

/** The run's first port of each kind: per-run names (results folder, file locks) use these. */
export const E2E_BASE = { appPort: BASE_APP_PORT, sandboxPort: BASE_SANDBOX_PORT };

/** Ports, addresses and journal folder of lane `lane`. */
export function laneEnv(lane: number) {
  const appPort = BASE_APP_PORT + lane;
  const sandboxPort = BASE_SANDBOX_PORT + lane;
  return {
    lane,
    appPort,
    sandboxPort,
    appUrl: `http://localhost:${appPort}`,
    sandboxOrigin: `http://127.0.0.1:${sandboxPort}`,
    /** Where the lane's app sends e-mail: a spec that needs it starts an SMTP listener there. */
    smtpPort: sandboxPort + 20,
    dataDir: `.data/e2e-${appPort}`,
  };
}

/** Storage states written by auth.setup.ts for lane `lane`, one per signed-in role (sessions and devices live in that lane's journal). */
export function laneState(lane: number) {
  const dir = `tests/e2e/.auth/${BASE_APP_PORT + lane}`;
  return {
    cashier: `${dir}/cashier.json`,
    supervisor: `${dir}/supervisor.json`,
    kiosk: `${dir}/kiosk.json`,
  };
}

function currentLane(): number {
  const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  if (lane >= LANES)
    throw new Error(
      `Playwright worker ${lane} has no lane: the run has E2E_LANES=${LANES} lanes. Set the number of workers with E2E_LANES, not --workers.`,
    );
  return lane;
}

/** This worker's lane: the app, sandbox and journal folder its tests use. */
export const E2E = laneEnv(currentLane());

/** This worker's storage states (per lane, so that two lanes or two runs never share one). */
export const STATE = laneState(E2E.lane);

/**
 * Contexts a test opens with browser.newContext() (a second till, the office) live as long
 * as the worker's browser unless closed: their pages would go on polling the lane's app
 * through every later spec. Closed after each test of a file that opens them.
 */
export function closeOwnContexts(test: typeof playwrightTest) {
  test.afterEach(async ({ browser, context }) => {
    await Promise.all(
      browser
        .contexts()
        .filter((c) => c !== context)
        .map((c) => c.close()),
    );
  });
}
