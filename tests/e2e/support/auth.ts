import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";

export const DEMO = {
  cashier: { username: "cashier", password: "cashier-demo-1", till: "Till 1", role: "cashier" },
  cashier2: { username: "cashier2", password: "cashier-demo-2", till: "Till 2", role: "cashier" },
  trainee: { username: "trainee", password: "trainee-demo-1", till: "Till 3", role: "cashier" },
  supervisor: {
    username: "supervisor",
    password: "supervisor-demo-1",
    till: "Till 1",
    role: "supervisor",
  },
  kiosk: { username: "kiosk", password: "kiosk-demo-1", till: "Kiosk 1", role: "kiosk" },
} as const;

type Who = { username: string; password: string; till: string };

/**
 * Confirms an override (components/forms/step-up-field.tsx): the supervisor's password in the
 * confirmation field inside `scope`, a form or the panel that holds one.
 */
export async function confirmOverride(
  scope: Page | Locator,
  password: string = DEMO.supervisor.password,
) {
  await scope.getByLabel("Your password or authenticator code").fill(password);
}

/** Presses a button whose override asks first, and confirms it in the question that opens. */
export async function pressAndConfirm(page: Page, button: Locator, question: string) {
  await button.click();
  const prompt = page.getByRole("form", { name: question, exact: true });
  await confirmOverride(prompt);
  await prompt.getByRole("button", { name: "Confirm" }).click();
  await expect(prompt).toHaveCount(0);
}

/** Which till each browser context was enrolled as by enrolBrowser (a context is one browser). */
const enrolledAs = new WeakMap<BrowserContext, string>();

async function dropSession(context: BrowserContext) {
  await context.clearCookies({ name: /next-auth/ });
}

/** Type the user name and password on the sign-in page and press Sign in. */
export async function submitSignIn(
  page: Page,
  who: Pick<Who, "username" | "password">,
  password: string = who.password,
) {
  await page.goto("/login");
  await page.getByLabel("User name").fill(who.username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Make this browser the till or kiosk named `tillName`, as a supervisor does: sign in as
 * supervisor, Tills, "Enrol this browser", then leave the browser signed out (its device
 * cookie stays).
 */
async function enrolBrowser(page: Page, tillName: string) {
  const context = page.context();
  await dropSession(context);
  await submitSignIn(page, DEMO.supervisor);
  await expect(page).toHaveURL(/\/office/);
  await page.goto("/tills");
  await pressAndConfirm(
    page,
    page.getByRole("button", { name: `Enrol this browser as ${tillName}`, exact: true }),
    `Enrol this browser as ${tillName}`,
  );
  await expect(page.getByTestId("this-browser")).toHaveText(
    `This browser is enrolled as ${tillName}.`,
  );
  await dropSession(context);
  enrolledAs.set(context, tillName);
}

/**
 * Sign in through the real sign-in page, as a person would. A cashier or kiosk signs in only
 * on an enrolled device, so a browser not yet enrolled as `who.till` is enrolled first.
 */
export async function signIn(page: Page, who: Who, password: string = who.password) {
  if (who.username !== DEMO.supervisor.username && enrolledAs.get(page.context()) !== who.till)
    await enrolBrowser(page, who.till);
  await submitSignIn(page, who, password);
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

/** Shows the slips of this cashier's completed sales that were never shown (support/unseen.ts). */
export { seeUnseenSlips } from "./unseen";
