import { expect, test as setup } from "@playwright/test";
import { DEMO, ensureShiftOpen, signIn } from "./support/auth";
import { STATE } from "./support/env";

setup("sign in the demo cashier and open a shift", async ({ page }) => {
  await signIn(page, DEMO.cashier);
  await expect(page).toHaveURL(/\/till/);
  await ensureShiftOpen(page);
  await page.context().storageState({ path: STATE.cashier });
});

setup("sign in the demo supervisor", async ({ page }) => {
  await signIn(page, DEMO.supervisor);
  await expect(page).toHaveURL(/\/office/);
  await page.context().storageState({ path: STATE.supervisor });
});

setup("sign in the demo kiosk", async ({ page }) => {
  await signIn(page, DEMO.kiosk);
  await expect(page).toHaveURL(/\/kiosk/);
  await page.context().storageState({ path: STATE.kiosk });
});
