import { describe, expect, it } from "vitest";
import { confirmMeter } from "@/lib/kinds/electricity/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { findFinesByNotice } from "@/lib/kinds/fines/upstream";
import { checkOrderPaymentStatus } from "@/lib/upstream/reconciliation";
import { testMeter, connectToSharedSandbox } from "./upstream-sandbox";

const WRONG_KEY = "not-the-sandbox-key-42";
connectToSharedSandbox({ apiKey: WRONG_KEY });

describe("a wrong API key", () => {
  const calls: [string, () => Promise<unknown>][] = [
    [
      "standard envelope",
      () => confirmMeter({ meterNumber: testMeter(1, 1), municipality: "tshwane_prepaid" }),
    ],
    ["traffic-fine envelope", () => findFinesByNotice("0212600000000019")],
    ["reconciliation", () => checkOrderPaymentStatus("any-order")],
  ];
  for (const [envelope, call] of calls) {
    it(`is refused with 401 as unauthorized on the ${envelope}, and the key appears nowhere`, async () => {
      const e: unknown = await call().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(UpstreamError);
      const error = e as UpstreamError;
      expect(error).toMatchObject({ kind: "unauthorized", status: 401, outcomeKnown: true });
      expect(`${error.message} ${error.cashierMessage} ${JSON.stringify(error)}`).not.toContain(
        WRONG_KEY,
      );
    });
  }
});
