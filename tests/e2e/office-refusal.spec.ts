import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { closeOwnContexts, E2E, STATE } from "./support/env";

/**
 * A cashier's session calling every back-office server action directly, as a crafted POST
 * with the action's id, is refused by the action itself (the page hiding a button is no
 * check), nothing changes, and the supervisor finds each refusal in the audit log.
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
closeOwnContexts(test);

interface ManifestEntry {
  workers: Record<string, unknown>;
  filename?: string;
  exportedName?: string;
}

function officeActions(): { id: string; name: string; page: string }[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(DIST, "server", "server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, ManifestEntry> };
  return Object.entries(manifest.node)
    .filter(([, e]) => e.filename?.startsWith("app/(office)/"))
    .map(([id, e]) => {
      const worker =
        Object.keys(e.workers).find((w) => w.startsWith("app/(office)/")) ??
        "app/(office)/office/page";
      return {
        id,
        name: e.exportedName ?? id,
        page: worker.replace(/^app\/\(office\)/, "").replace(/\/page$/, ""),
      };
    });
}

test("every back-office action refuses a cashier's session, changes nothing, and the refusals are in the audit log", async ({
  browser,
}) => {
  const actions = officeActions();
  // Balance, reconciliation, unresolved (4) and users (4): the list must not silently shrink.
  expect(actions.length).toBeGreaterThanOrEqual(10);

  const cashier = await (await browser.newContext({ baseURL: E2E.appUrl })).newPage();
  await signIn(cashier, DEMO.cashier2);
  await expect(cashier).toHaveURL(/\/till/);
  const victim = `refused${Date.now() % 100000}`;
  const inputs: Record<string, unknown> = {
    setLowBalanceAction: { threshold: "1" },
    createUserAction: {
      username: victim,
      displayName: "Nope",
      role: "supervisor",
      password: "a-long-password-1",
    },
  };
  for (const action of actions) {
    const res = await cashier.request.post(action.page, {
      headers: {
        "Next-Action": action.id,
        Referer: `${E2E.appUrl}${action.page}`,
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
      },
      data: JSON.stringify([
        inputs[action.name] ?? {
          saleId: "00000000-0000-4000-8000-000000000000",
          userId: "00000000-0000-4000-8000-000000000000",
          orderId: "x",
          disabled: true,
          outcome: "failed",
          reason: "a long enough reason",
          password: "a-long-password-1",
        },
      ]),
    });
    const body = await res.text();
    expect(body, action.name).toContain("You are not allowed to do this.");
  }

  const office = await (
    await browser.newContext({ storageState: STATE.supervisor, baseURL: E2E.appUrl })
  ).newPage();
  await office.goto("/users");
  await expect(office.getByRole("cell", { name: victim })).toHaveCount(0);
  await office.goto("/balance");
  await expect(office.getByLabel("Warn when the balance is below (R)")).not.toHaveValue("0.01");

  await office.goto("/audit?user=cashier2&kind=access_refused");
  const log = office.getByRole("table", { name: "Audit events" });
  for (const action of actions) {
    await expect(
      log
        .getByRole("row")
        .filter({ hasText: `action ${action.id}` })
        .filter({ hasText: 'needed: ["supervisor"]' })
        .first(),
      action.name,
    ).toBeVisible();
  }
});
