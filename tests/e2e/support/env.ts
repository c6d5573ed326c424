/** Where the end-to-end run's app and sandbox listen, shared by playwright.config.ts and the tests. */
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3210);
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4210);

export const E2E = {
  appPort: APP_PORT,
  sandboxPort: SANDBOX_PORT,
  appUrl: `http://localhost:${APP_PORT}`,
  sandboxOrigin: `http://127.0.0.1:${SANDBOX_PORT}`,
  dataDir: `.data/e2e-${APP_PORT}`,
};

/** Storage states written by auth.setup.ts, one per signed-in role (per port, so that two runs never share one). */
export const STATE = {
  cashier: `tests/e2e/.auth/${APP_PORT}/cashier.json`,
  supervisor: `tests/e2e/.auth/${APP_PORT}/supervisor.json`,
  kiosk: `tests/e2e/.auth/${APP_PORT}/kiosk.json`,
};
