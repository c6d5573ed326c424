import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type Response } from "@playwright/test";
import { SANDBOX_API_KEY } from "../../lib/env-schema";
import { DEMO, signIn } from "./support/auth";
import { E2E, STATE } from "./support/env";
import { PAGES } from "./security-pages";

/**
 * A walk through every main page as each role, recording every response the browser
 * receives: none holds the API key or the core service's address, and every page carries
 * the security headers. Plus the build's static files, and the session cookies.
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const SECRETS = [SANDBOX_API_KEY, `${E2E.sandboxOrigin}/api`, "127.0.0.1:4010/api"];

type Seen = { url: string; text: string };

/** Record every response of the page: headers and body. */
function record(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on("response", async (r: Response) => {
    const body = await r.body().catch(() => Buffer.alloc(0));
    seen.push({ url: r.url(), text: `${JSON.stringify(r.headers())}\n${body.toString("latin1")}` });
  });
  return seen;
}

function leaks(seen: Seen[]) {
  return seen.flatMap((s) =>
    SECRETS.filter((secret) => s.text.includes(secret)).map((secret) => `${secret} in ${s.url}`),
  );
}

async function visitWithHeaders(page: Page, url: string, nonces: Set<string>) {
  const response = await page.goto(url);
  expect(response, url).not.toBeNull();
  expect(response!.status(), url).toBe(200);
  expect(new URL(page.url()).pathname, `${url} was redirected`).toBe(
    new URL(url, E2E.appUrl).pathname,
  );
  const h = response!.headers();
  const csp = h["content-security-policy"] ?? "";
  const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, `${url}: CSP with a script nonce`).toBeTruthy();
  expect(csp, url).toContain("frame-ancestors 'none'");
  // Scripts run only by nonce: no inline or eval escape hatch in production.
  expect(/script-src[^;]*/.exec(csp)?.[0], url).not.toMatch(/'unsafe-(inline|eval)'/);
  expect(h["x-content-type-options"], url).toBe("nosniff");
  expect(h["referrer-policy"], url).toMatch(
    /^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/,
  );
  // Next.js put the nonce on its own inline scripts, and it is new on every request.
  expect(await response!.text(), `${url}: scripts carry the nonce`).toContain(`nonce="${nonce}"`);
  expect(nonces.has(nonce!), `${url}: nonce reused`).toBe(false);
  nonces.add(nonce!);
}

test.describe("walk through every page", () => {
  const nonces = new Set<string>();

  test("signed out", async ({ page }) => {
    const seen = record(page);
    for (const url of PAGES.signedOut) await visitWithHeaders(page, url, nonces);
    expect(leaks(seen)).toEqual([]);
  });

  test.describe("cashier", () => {
    test.use({ storageState: STATE.cashier });
    test("every till page and a vend to its slip", async ({ page }) => {
      const seen = record(page);
      for (const url of PAGES.cashier) await visitWithHeaders(page, url, nonces);
      await page.goto("/electricity");
      await page.getByRole("textbox", { name: "Meter number" }).fill("03200000002");
      await page.getByLabel("Municipality").selectOption("mogale_prepaid");
      await page.getByRole("button", { name: "Confirm meter" }).click();
      await page.getByRole("textbox", { name: "Amount", exact: true }).fill("20");
      await page.getByRole("button", { name: "Purchase", exact: true }).click();
      // The tokens show from the sale's answer at once; the slip is the page after them.
      await expect(page).toHaveURL(/\/slips\/[0-9a-f-]{36}/);
      await expect(page.locator("[data-token]").first()).toBeVisible();
      await visitWithHeaders(page, new URL(page.url()).pathname, nonces);
      expect(seen.length).toBeGreaterThan(20);
      expect(leaks(seen)).toEqual([]);
    });
  });

  test.describe("supervisor", () => {
    test.use({ storageState: STATE.supervisor });
    test("every office page", async ({ page }) => {
      // Over twenty office pages, each with its headers checked.
      test.slow();
      const seen = record(page);
      for (const url of PAGES.supervisor) await visitWithHeaders(page, url, nonces);
      expect(leaks(seen)).toEqual([]);
    });
  });

  test.describe("kiosk", () => {
    test.use({ storageState: STATE.kiosk });
    test("the kiosk", async ({ page }) => {
      const seen = record(page);
      for (const url of PAGES.kiosk) await visitWithHeaders(page, url, nonces);
      expect(leaks(seen)).toEqual([]);
    });
  });
});

test("session cookies are HttpOnly and SameSite (and not Secure only on plain-http localhost)", async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.cashier2);
  await expect(page).toHaveURL(/\/till/);
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name.endsWith("next-auth.session-token"));
  expect(session, "a session cookie").toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });
  for (const c of cookies.filter((c) => c.name.includes("next-auth")))
    expect(c.sameSite, c.name).not.toBe("None");
  expect(cookies.find((c) => c.name.endsWith("next-auth.csrf-token"))?.httpOnly).toBe(true);
});

test("nothing under the build's static folder holds the API key or the core service's address", () => {
  const root = path.join(DIST, "static");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(root);
  expect(files.length).toBeGreaterThan(5);
  const found = files.flatMap((f) => {
    const text = fs.readFileSync(f).toString("latin1");
    return SECRETS.filter((s) => text.includes(s)).map((s) => `${s} in ${f}`);
  });
  expect(found).toEqual([]);
  // PGlite's 9 MB database engine stays on the server.
  expect(files.filter((f) => f.endsWith(".wasm") || f.endsWith(".data"))).toEqual([]);
});
