import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { callAction, readActions, Session, signIn } from "../../bench/lib/kassa-client";
import { DEMO } from "./support/auth";
import { E2E } from "./support/env";
import { ACTIONS, REFUSED, ROUTES, type Role } from "./security-table";

/**
 * Every server action in the build and every route handler in app/ refuses a caller without
 * a session and a caller of the wrong role — one table (security-table.ts), read against the
 * build's server-reference-manifest.json so that a new action cannot be forgotten.
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const ROLES: Role[] = ["cashier", "supervisor", "kiosk"];

// Sessions of their own (signed in over HTTP), so that no other spec's sign-out can end them.
const sessions = new Map<Role, Session>();
test.beforeAll(async () => {
  sessions.set("cashier", await signIn(E2E.appUrl, DEMO.cashier2));
  sessions.set("supervisor", await signIn(E2E.appUrl, DEMO.supervisor));
  sessions.set("kiosk", await signIn(E2E.appUrl, DEMO.kiosk));
});

function sessionOf(role: Role | "signedOut"): Session {
  return role === "signedOut" ? new Session(E2E.appUrl) : sessions.get(role)!;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full, pattern);
    return pattern.test(e.name) ? [full.split(path.sep).join("/")] : [];
  });
}

/** Every export of every "use server" module in app/ and lib/actions/: what could become a server action. */
function sourceActions(): string[] {
  return ["app", "lib/actions"]
    .flatMap((dir) => filesUnder(dir, /\.(ts|tsx)$/))
    .flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      if (!/^\s*["']use server["']/.test(text)) return [];
      return [...text.matchAll(/^export (?:const|async function|function) (\w+)/gm)].map(
        (m) => `${file}#${m[1]}`,
      );
    });
}

const actions = readActions(DIST);

test("the table lists every server action of the build", () => {
  const inBuild = actions.map((a) => `${a.filename}#${a.exportedName}`);
  expect(inBuild.length).toBeGreaterThan(10);
  expect(
    inBuild.filter((a) => !(a in ACTIONS)),
    "missing from tests/e2e/security-table.ts",
  ).toEqual([]);
});

test('the table lists every export of every "use server" file in app/ and lib/actions/, and nothing else', () => {
  // Also the actions no page uses yet (not in the build): they become callable the day one does.
  expect(sourceActions().sort()).toEqual(Object.keys(ACTIONS).sort());
});

test("the table lists every route handler in app/", () => {
  expect(filesUnder("app", /^route\.(ts|tsx|js)$/).sort()).toEqual(Object.keys(ROUTES).sort());
});

for (const action of actions) {
  const name = `${action.filename}#${action.exportedName}`;
  test(`${name} refuses no session and every wrong role`, async () => {
    const entry = ACTIONS[name];
    expect(entry, `${name} is not in the table`).toBeDefined();
    const anonymous = await callAction(sessionOf("signedOut"), action, entry!.input);
    expect(anonymous.status).toBe(200);
    expect(anonymous.result).toEqual({
      ok: false,
      error: REFUSED.signedOut,
      code: "access_denied",
    });
    for (const role of ROLES.filter((r) => !entry!.roles.includes(r))) {
      const wrong = await callAction(sessionOf(role), action, entry!.input);
      expect(wrong.result, `${role} calling ${name}`).toEqual({
        ok: false,
        error: REFUSED.wrongRole,
        code: "access_denied",
      });
    }
  });
}

for (const [file, route] of Object.entries(ROUTES)) {
  if ("public" in route) continue;
  test(`${file} refuses no session and every wrong role`, async () => {
    const anonymous = await sessionOf("signedOut").fetch(route.path, { method: route.method });
    // The proxy sends a signed-out visitor to /login before the handler runs; either way, no data.
    expect([302, 303, 307, 401, 403]).toContain(anonymous.status);
    for (const role of ROLES.filter((r) => !route.roles.includes(r))) {
      const wrong = await sessionOf(role).fetch(route.path, { method: route.method });
      expect(wrong.status, `${role} calling ${route.path}`).toBe(403);
    }
    const allowed = await sessionOf(route.roles[0]!).fetch(route.path, { method: route.method });
    expect(
      allowed.status,
      "the allowed role gets through (else the refusals prove nothing)",
    ).not.toBe(403);
  });
}

test("a server-action POST from a foreign Origin is refused before the action runs", async () => {
  const cashier = sessionOf("cashier");
  const key = crypto.randomUUID();
  const purchase = actions.find((a) => a.exportedName === "purchaseElectricityAction")!;
  const input = {
    meterNumber: "03100000003",
    municipality: "mogale_prepaid",
    amount: "10",
    method: "cash",
    idempotencyKey: key,
  };
  const foreign = await callAction(cashier, purchase, input, { origin: "https://evil.example" });
  expect(foreign.status).toBeGreaterThanOrEqual(400);
  expect(foreign.result).toBeUndefined();
  const lookup = await cashier.fetch(`/api/sales/by-key/${key}`);
  expect(await lookup.json()).toEqual({ sale: null });
  const transactions = (await (
    await fetch(`${E2E.sandboxOrigin}/__sandbox/transactions`)
  ).json()) as { transactions: { idempotency: string | null }[] };
  expect(transactions.transactions.filter((t) => t.idempotency === key)).toEqual([]);
});
