import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAction, readActions, signIn, type Session } from "../../bench/lib/kassa-client";
import { generatedInputs, isValidationRefusal } from "../e2e/security-inputs";
import { ACTIONS, type Role } from "../e2e/security-table";
import {
  DIST,
  freePort,
  fresh,
  sandboxClient,
  startInstance,
  type Instance,
} from "./support/cluster";

/**
 * Generated inputs into every server action against a Kassa and a sandbox nobody else uses:
 * every answer is the validation refusal, and the sandbox's transaction count does not move.
 */
const sandbox = sandboxClient();
const DATA = fresh(".data/faults-fuzz");
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
const WHO: Record<Role, { username: string; password: string; till: string }> = {
  cashier: { username: "cashier", password: "cashier-demo-1", till: "Till 1" },
  supervisor: { username: "supervisor", password: "supervisor-demo-1", till: "Till 1" },
  kiosk: { username: "kiosk", password: "kiosk-demo-1", till: "Kiosk 1" },
};

describe("generated input into every action, alone with the sandbox", () => {
  let stopSandbox: () => Promise<void>;
  let app: Instance;
  const sessions = new Map<Role, Session>();

  beforeAll(async () => {
    stopSandbox = (await sandbox.start()).stop;
    app = await startInstance(await freePort(), sandbox.port, { dataDir: DATA });
    for (const role of Object.keys(WHO) as Role[])
      sessions.set(role, await signIn(app.baseUrl, WHO[role]));
  });

  afterAll(async () => {
    await app?.proc.stop();
    await stopSandbox?.();
    fresh(DATA);
  });

  it(`never a 500, always the validation refusal, no transaction (FUZZ_SEED=${SEED})`, async () => {
    const before = (await sandbox.transactions()).length;
    const wrong: string[] = [];
    for (const action of readActions(DIST)) {
      const entry = ACTIONS[`${action.filename}#${action.exportedName}`];
      expect(
        entry,
        `${action.filename}#${action.exportedName} is not in security-table.ts`,
      ).toBeDefined();
      for (const { input, field } of fc.sample(generatedInputs(entry!.input), {
        numRuns: 20,
        seed: SEED,
      })) {
        const call = await callAction(sessions.get(entry!.roles[0]!)!, action, input);
        if (call.status !== 200 || !isValidationRefusal(call.result, field)) {
          wrong.push(
            `${action.exportedName} ${JSON.stringify(input)?.slice(0, 120)} → ${call.status} ${JSON.stringify(call.result)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await sandbox.transactions()).toHaveLength(before);
  });
});
