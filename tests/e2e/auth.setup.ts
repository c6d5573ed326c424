import { expect, test as setup, type Browser, type Page } from "@playwright/test";
import { DEMO, ensureShiftOpen, signIn } from "./support/auth";
import { LANES, laneEnv, laneState } from "./support/env";

/**
 * Every lane's storage states, whichever worker runs this file: sessions are rows in a lane's
 * journal and devices are enrolled per journal, so each lane signs in against its own app.
 */
async function lanePage(browser: Browser, lane: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: laneEnv(lane).appUrl });
  return context.newPage();
}

for (let lane = 0; lane < LANES; lane++) {
  const state = laneState(lane);

  setup(`lane ${lane}: sign in the demo cashier and open a shift`, async ({ browser }) => {
    const page = await lanePage(browser, lane);
    await signIn(page, DEMO.cashier);
    await expect(page).toHaveURL(/\/till/);
    await ensureShiftOpen(page);
    await page.context().storageState({ path: state.cashier });
    await page.context().close();
  });

  setup(`lane ${lane}: sign in the demo supervisor`, async ({ browser }) => {
    const page = await lanePage(browser, lane);
    await signIn(page, DEMO.supervisor);
    await expect(page).toHaveURL(/\/office/);
    await page.context().storageState({ path: state.supervisor });
    await page.context().close();
  });

  setup(`lane ${lane}: sign in the demo kiosk`, async ({ browser }) => {
    const page = await lanePage(browser, lane);
    await signIn(page, DEMO.kiosk);
    await expect(page).toHaveURL(/\/kiosk/);
    await page.context().storageState({ path: state.kiosk });
    await page.context().close();
  });
}
