"use server";

import { staffAction, ActionError } from "@/lib/auth/action";
import { confirmMeter, isUpstreamError, type MeterCustomer } from "@/lib/upstream";
import { checkAmount } from "@/lib/electricity/amount-rules";
import { sellAtCounter } from "@/lib/sales/counter-sale";
import { confirmMeterSchema, purchaseElectricitySchema, type ConfirmMeterInput, type MeterView } from "./schema";

/** Confirm on the core service; a refusal (unknown or blocked meter) is a message by the meter field. */
async function confirmOrExplain(input: ConfirmMeterInput): Promise<MeterCustomer> {
  try {
    return await confirmMeter(input);
  } catch (error) {
    if (isUpstreamError(error)) throw new ActionError(error.cashierMessage, error.kind === "rejected" ? "meterNumber" : undefined);
    throw error;
  }
}

export const confirmMeterAction = staffAction(["cashier"], confirmMeterSchema, async (input): Promise<MeterView> => {
  const c = await confirmOrExplain(input);
  const customerName = [c.firstName, c.name].filter(Boolean).join(" ") || c.name;
  return { meterNumber: c.meterNumber, municipality: input.municipality, customerName, minCents: c.minCents, maxCents: c.maxCents, ...c.meter };
});

/**
 * Purchase: the key decides. A key already used returns that sale's answer; a new key
 * confirms the meter again (the server never trusts the browser's range), checks the
 * amount, records the sale, and vends (cash) or waits for the card payment (card).
 */
export const purchaseElectricityAction = staffAction(["cashier"], purchaseElectricitySchema, async (input, staff) => {
  return sellAtCounter(staff, {
    idempotencyKey: input.idempotencyKey,
    kind: "electricity",
    method: input.method,
    reference: input.meterNumber,
    request: { meterNumber: input.meterNumber, municipality: input.municipality },
    prepare: async () => {
      const c = await confirmOrExplain(input);
      const range = { minCents: c.minCents, maxCents: c.maxCents };
      const amount = checkAmount(input.amount, range);
      if (!amount.ok) throw new ActionError(amount.message, "amount");
      const customerName = [c.firstName, c.name].filter(Boolean).join(" ") || c.name;
      return { amountCents: amount.cents, request: { customerName, ...range } };
    },
  });
});
