"use server";

import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { actorOf } from "@/lib/auth/actor";
import { meterHints } from "@/lib/kinds/electricity/confirm-notices";
import type { UpstreamError } from "@/lib/upstream";
import { confirmMeter, type MeterCustomer } from "@/lib/kinds/electricity/upstream";
import { confirmMeterAnywhere } from "@/lib/kinds/electricity/find-municipality";
import { parseRandInput } from "@/lib/money";
import { checkAmount } from "@/lib/kinds/electricity/amount-rules";
import { sell } from "@/lib/sales/counter-sale";
import type { ElectricityRequest } from "@/lib/kinds/electricity/kind";
import { recentlyConfirmed, rememberConfirmed } from "@/lib/kinds/electricity/confirm-cache";
import {
  confirmMeterSchema,
  purchaseElectricitySchema,
  type ConfirmMeterInput,
  type MeterView,
} from "./schema";

/** A refusal of the core service (unknown or blocked meter) is a message by the meter field. */
const meterField = {
  upstreamField: (error: UpstreamError) => (error.kind === "rejected" ? "meterNumber" : undefined),
};

/** The name the till shows and the slip prints: the first name before the surname, when given. */
function customerNameOf(c: MeterCustomer): string {
  return [c.firstName, c.name].filter(Boolean).join(" ") || c.name;
}

async function confirmAndRemember(input: ConfirmMeterInput): Promise<MeterCustomer> {
  const customer = await confirmMeter(input);
  rememberConfirmed(input.meterNumber, input.municipality, customer);
  return customer;
}

/**
 * Confirm meter: the municipality chosen first, then the other prepaid ones (one confirm each)
 * when it does not know the meter. The view names the municipality that knew it; the form
 * switches to it and says so.
 */
export const confirmMeterAction = staffAction(
  ["cashier"],
  confirmMeterSchema,
  async (input, staff): Promise<MeterView> => {
    await limitOrRefuse("lookUp", staff.userId, actorOf(staff), "confirm_meter");
    const { customer: c, municipality } = await confirmMeterAnywhere(
      input.meterNumber,
      input.municipality,
    );
    rememberConfirmed(input.meterNumber, municipality, c);
    return {
      meterNumber: c.meterNumber,
      municipality,
      customerName: customerNameOf(c),
      minCents: c.minCents,
      maxCents: c.maxCents,
      ...c.meter,
      hints: meterHints(c),
    };
  },
  meterField,
);

/**
 * Purchase: the key decides. A key already used returns that sale's answer; a new key
 * takes the meter's range from the server's own confirm (never from the browser), checks
 * the amount, records the sale, and vends (cash) or waits for the card payment (card).
 */
export const purchaseElectricityAction = staffAction(
  ["cashier"],
  purchaseElectricitySchema,
  async (input, staff) => {
    const amountCents = parseRandInput(input.amount);
    if (amountCents === null)
      throw new ActionError("Enter an amount in rand, for example 100 or 100.50.", "amount");
    return sell(staff, {
      idempotencyKey: input.idempotencyKey,
      sellAgain: input.sellAgain,
      kind: "electricity",
      method: input.method,
      reference: input.meterNumber,
      amountCents,
      place: input.municipality,
      prepare: async () => {
        const c =
          recentlyConfirmed(input.meterNumber, input.municipality) ??
          (await confirmAndRemember(input));
        const range = { minCents: c.minCents, maxCents: c.maxCents };
        const amount = checkAmount(input.amount, range);
        if (!amount.ok) throw new ActionError(amount.message, "amount");
        const request: ElectricityRequest = {
          meterNumber: input.meterNumber,
          municipality: input.municipality,
          customerName: customerNameOf(c),
          ...range,
          keyExpiryNumber: c.keyExpiryNumber,
          meterBefore: c.meter,
        };
        return { request };
      },
    });
  },
  meterField,
);
