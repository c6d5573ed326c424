import { expect, type Page } from "@playwright/test";

export const DEMO = {
  cashier: { username: "cashier", password: "cashier-demo-1", till: "Till 1" },
  cashier2: { username: "cashier2", password: "cashier-demo-2", till: "Till 2" },
  trainee: { username: "trainee", password: "trainee-demo-1", till: "Till 3" },
  supervisor: { username: "supervisor", password: "supervisor-demo-1", till: "Till 1" },
  kiosk: { username: "kiosk", password: "kiosk-demo-1", till: "Kiosk 1" },
} as const;

type Who = { username: string; password: string; till: string };

/** Sign in through the real sign-in page, as a person would. */
export async function signIn(page: Page, who: Who, password: string = who.password) {
  await page.goto("/login");
  await page.getByLabel("User name").fill(who.username);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Till").selectOption({ label: who.till });
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A cashier's till needs an open shift before any sale. */
export async function ensureShiftOpen(page: Page, float = "500") {
  await page.goto("/till");
  const open = page.getByRole("heading", { name: "Open a shift" });
  const tiles = page.getByRole("link", { name: /Electricity/ });
  await expect(open.or(tiles).first()).toBeVisible();
  if (await open.isVisible()) {
    await page.getByLabel("Opening float (R)").fill(float);
    await page.getByRole("button", { name: "Open shift" }).click();
    await expect(page.getByText(/Shift open since/)).toBeVisible();
  }
}
