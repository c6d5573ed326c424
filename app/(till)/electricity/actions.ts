"use server";

import { staffAction, ActionError } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { confirmMeter, isUpstreamError, type MeterCustomer } from "@/lib/upstream";
import { checkAmount } from "@/lib/electricity/amount-rules";
import { sellAtCounter } from "@/lib/sales/counter-sale";
import { recentlyConfirmed, rememberConfirmed } from "@/lib/electricity/confirm-cache";
import { confirmMeterSchema, purchaseElectricitySchema, type ConfirmMeterInput, type MeterView } from "./schema";

/** Confirm on the core service; a refusal (unknown or blocked meter) is a message by the meter field. */
async function confirmOrExplain(input: ConfirmMeterInput): Promise<MeterCustomer> {
  try {
    const customer = await confirmMeter(input);
    rememberConfirmed(input.meterNumber, input.municipality, customer);
    return customer;
  } catch (error) {
    if (isUpstreamError(error)) throw new ActionError(error.cashierMessage, error.kind === "rejected" ? "meterNumber" : undefined);
    throw error;
  }
}

export const confirmMeterAction = staffAction(["cashier"], confirmMeterSchema, async (input, staff): Promise<MeterView> => {
  await limitOrRefuse("lookUp", staff.userId, actorOf(staff), "confirm_meter");
  const c = await confirmOrExplain(input);
  const customerName = [c.firstName, c.name].filter(Boolean).join(" ") || c.name;
  return { meterNumber: c.meterNumber, municipality: input.municipality, customerName, minCents: c.minCents, maxCents: c.maxCents, ...c.meter };
});

/**
 * Purchase: the key decides. A key already used returns that sale's answer; a new key
 * takes the meter's range from the server's own confirm (never from the browser), checks
 * the amount, records the sale, and vends (cash) or waits for the card payment (card).
 */
export const purchaseElectricityAction = staffAction(["cashier"], purchaseElectricitySchema, async (input, staff) => {
  return sellAtCounter(staff, {
    idempotencyKey: input.idempotencyKey,
    kind: "electricity",
    method: input.method,
    reference: input.meterNumber,
    request: { meterNumber: input.meterNumber, municipality: input.municipality },
    prepare: async () => {
      const c = recentlyConfirmed(input.meterNumber, input.municipality) ?? (await confirmOrExplain(input));
      const range = { minCents: c.minCents, maxCents: c.maxCents };
      const amount = checkAmount(input.amount, range);
      if (!amount.ok) throw new ActionError(amount.message, "amount");
      const customerName = [c.firstName, c.name].filter(Boolean).join(" ") || c.name;
      return { amountCents: amount.cents, request: { customerName, ...range } };
    },
  });
});
