import { expect, test } from "@playwright/test";
import { ACTIONS } from "../../bench/lib/actions";
import {
  callAction,
  findAction,
  Session,
  signIn as httpSignIn,
} from "../../bench/lib/kassa-client";
import { DEMO, ensureShiftOpen, pressAndConfirm, signIn, submitSignIn } from "./support/auth";
import { E2E, STATE } from "./support/env";

/** Staff accountability: tills are enrolled devices, a shift is one cashier's drawer, guessing is cut short. */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";

test("a browser that is not enrolled serves the office only; an enrolled one signs in at its till", async ({
  page,
}) => {
  await submitSignIn(page, DEMO.cashier2);
  await expect(page.locator("#sign-in-error")).toContainText(
    "On a browser that is not enrolled as a till only supervisors sign in.",
  );
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, { ...DEMO.cashier2, till: "Till 3" });
  await expect(page).toHaveURL(/\/till/);
  await expect(page.getByTestId("till-name")).toHaveText("Till 3");
});

test("a revoked till browser loses its session, and a session cookie is worthless without its device", async ({
  page,
  browser,
}) => {
  await signIn(page, { ...DEMO.cashier2, till: "Till 3" });
  await expect(page.getByTestId("till-name")).toHaveText("Till 3");
  // The session cookie alone, carried to another browser, signs nobody in.
  const session = (await page.context().cookies()).filter((c) => c.name.includes("next-auth"));
  const thief = await browser.newContext();
  await thief.addCookies(session);
  const stolen = await thief.newPage();
  await stolen.goto("/till");
  await expect(stolen).toHaveURL(/\/login/);
  await thief.close();
  // A supervisor revokes every browser of Till 3: the cashier's next page is the sign-in.
  const office = await browser.newContext({ storageState: STATE.supervisor });
  const supervisor = await office.newPage();
  await supervisor.goto("/tills");
  const row = supervisor.locator('tr[data-till="till-3"]');
  while ((await row.getByRole("button", { name: /^Revoke/ }).count()) > 0) {
    const before = await row.getByRole("button", { name: /^Revoke/ }).count();
    const revoke = row.getByRole("button", { name: /^Revoke/ }).first();
    await pressAndConfirm(supervisor, revoke, (await revoke.getAttribute("aria-label"))!);
    await expect(row.getByRole("button", { name: /^Revoke/ })).toHaveCount(before - 1);
  }
  await office.close();
  await page.goto("/till");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("device-till")).toContainText("not enrolled");
});

test("two cashiers at one till: each has their own drawer, and the cash-up is blind", async ({
  page,
  browser,
}) => {
  // Thandi (the demo cashier) has her shift open at Till 1.
  const first = await browser.newContext({ storageState: STATE.cashier });
  const thandi = await first.newPage();
  await thandi.goto("/till");
  await expect(thandi.getByText(/Shift open since/)).toBeVisible();
  await thandi.goto("/shift/x");
  await expect(thandi.getByText(/opened by Thandi Cashier/)).toBeVisible();
  await expect(thandi.getByTestId("expected-cash")).toHaveCount(0);

  // Lerato signs in on another browser enrolled as Till 1: her own shift, not Thandi's.
  await signIn(page, { ...DEMO.cashier2, till: "Till 1" });
  await expect(page.getByTestId("till-name")).toHaveText("Till 1");
  await ensureShiftOpen(page, "200");
  await page.goto("/shift/x");
  await expect(page.getByText(/opened by Lerato Cashier/)).toBeVisible();
  await expect(page.getByText(/Thandi Cashier/)).toHaveCount(0);
  await expect(page.getByTestId("expected-cash")).toHaveCount(0);

  // She closes her own drawer blind; the expected cash appears only on the Z report.
  await page.goto("/shift/close");
  await expect(page.getByText(/Expected/)).toHaveCount(0);
  await page.getByLabel("R100", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Close shift" }).click();
  await expect(page).toHaveURL(/\/shift\/z\//);
  await expect(page.getByTestId("expected-cash")).toBeVisible();
  await expect(page.getByText(/opened by Lerato Cashier/)).toBeVisible();

  // Without a shift of her own she cannot sell into Thandi's.
  await page.goto("/electricity");
  await expect(page.getByText(/open a shift/i).first()).toBeVisible();
  // Thandi's shift is still open and still hers.
  await thandi.goto("/till");
  await expect(thandi.getByText(/Shift open since/)).toBeVisible();
  await first.close();
});

test("40 concurrent wrong passwords: at most 5 are checked and the account is locked", async () => {
  const supervisor = await httpSignIn(E2E.appUrl, DEMO.supervisor);
  const username = `guess${Date.now() % 1_000_000}`;
  const password = "the-right-password-1";
  const create = findAction(DIST, ACTIONS.users("createUserAction"));
  const created = await callAction(supervisor, create, {
    username,
    displayName: "Guess Target",
    role: "cashier",
    password,
    confirm: DEMO.supervisor.password,
  });
  expect(created.result).toMatchObject({ ok: true });

  const attempt = async (pw: string) => {
    const s = new Session(E2E.appUrl);
    const { csrfToken } = (await (await s.fetch("/api/auth/csrf")).json()) as { csrfToken: string };
    return async () => {
      const res = await s.fetch("/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          username,
          password: pw,
          csrfToken,
          callbackUrl: `${E2E.appUrl}/`,
          json: "true",
        }),
      });
      return decodeURIComponent(((await res.json()) as { url?: string }).url ?? "").replace(
        /\+/g,
        " ",
      );
    };
  };
  const ready = await Promise.all(
    Array.from({ length: 40 }, (_, i) => attempt(`wrong-password-${i}`)),
  );
  const answers = await Promise.all(ready.map((go) => go()));
  expect(answers.every((a) => a.includes("error="))).toBe(true);

  // The audit log holds one "wrong password" per hash actually checked.
  const html = await (await supervisor.fetch(`/audit?user=${username}&kind=sign_in_failed`)).text();
  const checked = html.match(/data-reason="wrong_password"/g)?.length ?? 0;
  expect(checked).toBeGreaterThanOrEqual(1);
  expect(checked).toBeLessThanOrEqual(5);
  // Locked: the right password is refused too.
  const right = await (await attempt(password))();
  expect(right).toContain("locked");
});

test("the signed-out card return page is rate-limited with a clear message", async ({ page }) => {
  const sale = crypto.randomUUID();
  let limited = false;
  // 30 visits a minute per address, in fixed windows: visits that other specs of this lane
  // made earlier may start a window that ends during the loop, so up to 30 + 30 may pass.
  for (let i = 0; i < 70 && !limited; i++) {
    await page.goto(`/pay/${sale}/done`);
    limited = (await page.getByText(/Too many attempts/).count()) > 0;
  }
  expect(limited).toBe(true);
  // ... and the refusal is in the audit log.
  const supervisor = await httpSignIn(E2E.appUrl, DEMO.supervisor);
  const html = await (await supervisor.fetch("/audit?kind=rate_limited")).text();
  expect(html).toContain('data-kind="rate_limited"');
  expect(html).toContain(sale);
});
