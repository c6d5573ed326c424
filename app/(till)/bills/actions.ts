"use server";

import { staffAction } from "@/lib/auth/action";
import { ActionError } from "@/lib/errors";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { actorOf } from "@/lib/auth/actor";
import type { UpstreamError } from "@/lib/upstream";
import { confirmAccount } from "@/lib/kinds/bill/upstream";
import { sell } from "@/lib/sales/counter-sale";
import type { BillRequest } from "@/lib/kinds/bill/kind";
import { checkBillAmount } from "@/lib/kinds/bill/amount-rules";
import { confirmAccountSchema, payBillSchema, type AccountView } from "./schema";

/** A refusal of the core service (unknown account) is a message by the account field. */
const accountField = {
  upstreamField: (error: UpstreamError) =>
    error.kind === "rejected" ? "accountNumber" : undefined,
};

export const confirmAccountAction = staffAction(
  ["cashier"],
  confirmAccountSchema,
  async (input, staff): Promise<AccountView> => {
    await limitOrRefuse("lookUp", staff.userId, actorOf(staff), "confirm_account");
    const a = await confirmAccount(input);
    return {
      accountNumber: a.accountNumber,
      municipality: input.municipality,
      name: a.name,
      address: a.address,
      amountDueCents: a.amountDueCents,
      dueDate: a.dueDate,
      minCents: a.minCents,
      maxCents: a.maxCents,
    };
  },
  accountField,
);

/**
 * Pay: the key decides (see sell); a new key confirms the account again before recording and
 * checks the amount against the account's range from that confirm (never from the browser).
 */
export const payBillAction = staffAction(
  ["cashier"],
  payBillSchema,
  async (input, staff) => {
    const amount = checkBillAmount(input.amount);
    if (!amount.ok) throw new ActionError(amount.message, "amount");
    return sell(staff, {
      idempotencyKey: input.idempotencyKey,
      sellAgain: input.sellAgain,
      kind: "bill",
      method: input.method,
      reference: input.accountNumber,
      amountCents: amount.cents,
      place: input.municipality,
      prepare: async () => {
        const a = await confirmAccount(input);
        const inRange = checkBillAmount(input.amount, {
          minCents: a.minCents,
          maxCents: a.maxCents,
        });
        if (!inRange.ok) throw new ActionError(inRange.message, "amount");
        const request: BillRequest = {
          accountNumber: input.accountNumber,
          municipality: input.municipality,
          customerName: a.name,
          minCents: a.minCents,
          maxCents: a.maxCents,
        };
        return { request };
      },
    });
  },
  accountField,
);
