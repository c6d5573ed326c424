import fc from "fast-check";
import { expect, test } from "@playwright/test";
import { callAction, readActions, Session, signIn } from "../../bench/lib/kassa-client";
import { DEMO } from "./support/auth";
import { E2E } from "./support/env";
import { ACTIONS, type Role } from "./security-table";

/**
 * Generated inputs into every server action, as the role allowed to call it: anything at
 * all, and the table's plausible input with one field of the wrong type. Each answer is the
 * validation refusal (which staffAction gives before the body runs, so before any call
 * upstream) — never a 500 — and the core service records no transaction under any key used.
 */
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const VALIDATION = "Please correct the marked fields.";
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
// Schemas that accept an empty object: only a non-object can be refused there.
const EMPTY_INPUT = (input: unknown) => typeof input === "object" && input !== null && Object.keys(input).length === 0;

const sessions = new Map<Role, Session>();
test.beforeAll(async () => {
  sessions.set("cashier", await signIn(E2E.appUrl, DEMO.cashier2));
  sessions.set("supervisor", await signIn(E2E.appUrl, DEMO.supervisor));
  sessions.set("kiosk", await signIn(E2E.appUrl, DEMO.kiosk));
});

/** A value of another JSON type than `like`: a string field gets a number, an object, null... */
function wrongType(like: unknown): fc.Arbitrary<unknown> {
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string(),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true })),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(fc.jsonValue(), { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  };
  const kind = like === null ? "null" : Array.isArray(like) ? "array" : typeof like;
  return fc.oneof(...Object.entries(all).filter(([k]) => k !== kind).map(([, a]) => a));
}

function inputs(valid: unknown): fc.Arbitrary<{ input: unknown; field?: string }> {
  const anything = fc.anything({ maxDepth: 2 }).filter((x) => !EMPTY_INPUT(x) || !EMPTY_INPUT(valid)).map((input) => ({ input }));
  const fields = valid && typeof valid === "object" ? Object.keys(valid) : [];
  if (!fields.length) return anything;
  const oneFieldWrong = fc
    .constantFrom(...fields)
    .chain((field) => wrongType((valid as Record<string, unknown>)[field]).map((v) => ({ input: { ...(valid as object), [field]: v }, field })));
  return fc.oneof(anything, oneFieldWrong);
}

test.describe.configure({ mode: "serial" });

for (const action of readActions(DIST)) {
  const name = `${action.filename}#${action.exportedName}`;
  test(`${name} answers generated input with a validation error`, async () => {
    // Reproduce a failure with FUZZ_SEED=<seed>.
    test.info().annotations.push({ type: "seed", description: String(SEED) });
    const entry = ACTIONS[name];
    expect(entry, `${name} is not in security-table.ts`).toBeDefined();
    const session = sessions.get(entry!.roles[0]!)!;
    const samples = fc.sample(inputs(entry!.input), { numRuns: 12, seed: SEED });
    for (const { input, field } of samples) {
      const call = await callAction(session, action, input);
      const what = `${name} with ${JSON.stringify(input)?.slice(0, 200)} (FUZZ_SEED=${SEED})`;
      expect(call.status, what).toBe(200);
      expect(call.result, what).toMatchObject({ ok: false, error: VALIDATION });
      if (field) expect(Object.keys(call.result?.fieldErrors ?? {}).some((k) => k.split(".")[0] === field), `${what}: error by the field`).toBe(true);
    }
  });
}

test("no generated input reached the core service", async () => {
  const keys = new Set(Object.values(ACTIONS).map((a) => (a.input as { idempotencyKey?: string }).idempotencyKey).filter(Boolean));
  const { transactions } = (await (await fetch(`${E2E.sandboxOrigin}/__sandbox/transactions`)).json()) as { transactions: { idempotency: string | null }[] };
  expect(transactions.filter((t) => t.idempotency && keys.has(t.idempotency))).toEqual([]);
});
