import { expect, test } from "@playwright/test";
import { DEMO, signIn, submitSignIn } from "./support/auth";
import { STATE } from "./support/env";

test.describe("signed out", () => {
  test("a signed-out visitor is sent to the sign-in page", async ({ page }) => {
    await page.goto("/office");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByTestId("upstream-env")).toHaveText("SANDBOX");
  });

  test("each role lands on its own home and sees the staff bar", async ({ page }) => {
    await signIn(page, DEMO.cashier2);
    await expect(page).toHaveURL(/\/till/);
    await expect(page.getByTestId("till-name")).toHaveText("Till 2");
    await expect(page.getByTestId("user-name")).toContainText("Lerato Cashier");
    await expect(page.getByTestId("upstream-env")).toHaveText("SANDBOX");
  });

  test("five wrong passwords lock the account, even against the right password", async ({
    page,
  }) => {
    for (let i = 1; i <= 4; i++) {
      await signIn(page, DEMO.trainee, `wrong-password-${i}`);
      await expect(page.locator("#sign-in-error")).toHaveText("Wrong user name or password.");
    }
    await signIn(page, DEMO.trainee, "wrong-password-5");
    await expect(page.locator("#sign-in-error")).toContainText("locked");
    await signIn(page, DEMO.trainee);
    await expect(page.locator("#sign-in-error")).toContainText("locked");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a kiosk user cannot sign in on a counter till, and its right password answers as a wrong one", async ({
    page,
  }) => {
    await signIn(page, { ...DEMO.kiosk, till: "Till 1" });
    await expect(page.locator("#sign-in-error")).toHaveText("Wrong user name or password.");
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, { ...DEMO.kiosk, till: "Till 1" }, "not-the-kiosk-password");
    await expect(page.locator("#sign-in-error")).toHaveText("Wrong user name or password.");
  });

  test("on a browser that is not a till, a cashier's or the kiosk's right password answers as a wrong one or an unknown user", async ({
    page,
  }) => {
    const refusal =
      "Wrong user name or password. On a browser that is not enrolled as a till only supervisors sign in.";
    await page.goto("/login");
    await expect(page.getByTestId("device-till")).toContainText("only supervisors sign in here");
    for (const [who, password] of [
      [DEMO.cashier2, DEMO.cashier2.password],
      [DEMO.cashier2, "not-the-password-1"],
      [DEMO.kiosk, DEMO.kiosk.password],
      [DEMO.kiosk, "not-the-password-2"],
      [{ username: "nobody-here", password: "" }, "not-the-password-3"],
    ] as const) {
      await submitSignIn(page, who, password);
      await expect(page.locator("#sign-in-error")).toHaveText(refusal);
      await expect(page).toHaveURL(/\/login/);
    }
  });
});

test.describe("cashier", () => {
  test.use({ storageState: STATE.cashier });

  test("is sent away from a supervisor page", async ({ page }) => {
    await page.goto("/office");
    await expect(page).toHaveURL(/\/till\?refused=1/);
    await expect(page.getByText("That page is for supervisors only.")).toBeVisible();
  });

  test("sees the tiles with their shortcuts", async ({ page }) => {
    await page.goto("/till");
    for (const name of [
      "Electricity",
      "Bills",
      "Traffic fines",
      "Airtime & data",
      "Vouchers & lotto",
    ]) {
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    }
  });
});

test.describe("supervisor", () => {
  test.use({ storageState: STATE.supervisor });
  test("lands on the back office", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/office/);
    await expect(page.getByRole("heading", { name: "The day at a glance" })).toBeVisible();
  });
});

test.describe("kiosk", () => {
  test.use({ storageState: STATE.kiosk });
  test("lands on the kiosk start screen without a staff bar", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/kiosk/);
    await expect(page.getByRole("heading", { name: "Pay your traffic fines" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  });
});

test("sign-out ends the session", async ({ page }) => {
  await signIn(page, DEMO.cashier2);
  await expect(page).toHaveURL(/\/till/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/till");
  await expect(page).toHaveURL(/\/login/);
});

test.describe("kiosk environment", () => {
  test.use({ storageState: STATE.kiosk });
  test("shows which core service it talks to", async ({ page }) => {
    await page.goto("/kiosk");
    await expect(page.getByTestId("upstream-env")).toHaveText("SANDBOX");
  });
});
