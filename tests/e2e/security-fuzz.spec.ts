import fc from "fast-check";
import { expect, test } from "@playwright/test";
import { callAction, readActions, Session, signIn } from "../../bench/lib/kassa-client";
import { DEMO } from "./support/auth";
import { E2E } from "./support/env";
import { generatedInputs, isValidationRefusal } from "./security-inputs";
import { ACTIONS, type Role } from "./security-table";

/**
 * Generated inputs into every server action, as the role allowed to call it. Each answer is
 * the validation refusal — which staffAction gives before the body runs, so before any call
 * upstream — never a 500; and the core service holds no transaction under any key used.
 * (tests/faults/fuzz-actions.test.ts repeats this against a sandbox of its own and checks
 * that its transaction count does not move, which this shared sandbox cannot show.)
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);

const sessions = new Map<Role, Session>();
test.beforeAll(async () => {
  sessions.set("cashier", await signIn(E2E.appUrl, DEMO.cashier2));
  sessions.set("supervisor", await signIn(E2E.appUrl, DEMO.supervisor));
  sessions.set("kiosk", await signIn(E2E.appUrl, DEMO.kiosk));
});

test.describe.configure({ mode: "serial" });

for (const action of readActions(DIST)) {
  const name = `${action.filename}#${action.exportedName}`;
  test(`${name} answers generated input with a validation error`, async () => {
    // Reproduce a failure with FUZZ_SEED=<seed>.
    test.info().annotations.push({ type: "seed", description: String(SEED) });
    const entry = ACTIONS[name];
    expect(entry, `${name} is not in security-table.ts`).toBeDefined();
    const session = sessions.get(entry!.roles[0]!)!;
    for (const { input, field } of fc.sample(generatedInputs(entry!.input), {
      numRuns: 12,
      seed: SEED,
    })) {
      const call = await callAction(session, action, input);
      const what = `${name} with ${JSON.stringify(input)?.slice(0, 200)} (FUZZ_SEED=${SEED})`;
      expect(call.status, what).toBe(200);
      expect(
        isValidationRefusal(call.result, field),
        `${what} answered ${JSON.stringify(call.result)}`,
      ).toBe(true);
    }
  });
}

test("no generated input reached the core service", async () => {
  const keys = new Set(
    Object.values(ACTIONS)
      .map((a) => (a.input as { idempotencyKey?: string }).idempotencyKey)
      .filter(Boolean),
  );
  const { transactions } = (await (
    await fetch(`${E2E.sandboxOrigin}/__sandbox/transactions`)
  ).json()) as { transactions: { idempotency: string | null }[] };
  expect(transactions.filter((t) => t.idempotency && keys.has(t.idempotency))).toEqual([]);
});
