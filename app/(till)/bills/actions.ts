"use server";

import { staffAction, ActionError } from "@/lib/auth/action";
import { actorOf } from "@/lib/auth/actor";
import { limitOrRefuse } from "@/lib/security/rate-limit";
import { confirmAccount, isUpstreamError, type BillAccount } from "@/lib/upstream";
import { sellAtCounter } from "@/lib/sales/counter-sale";
import { checkBillAmount, confirmAccountSchema, payBillSchema, type AccountView, type ConfirmAccountInput } from "./schema";

async function confirmOrExplain(input: ConfirmAccountInput): Promise<BillAccount> {
  try {
    return await confirmAccount(input);
  } catch (error) {
    if (isUpstreamError(error)) throw new ActionError(error.cashierMessage, error.kind === "rejected" ? "accountNumber" : undefined);
    throw error;
  }
}

export const confirmAccountAction = staffAction(["cashier"], confirmAccountSchema, async (input, staff): Promise<AccountView> => {
  await limitOrRefuse("lookUp", staff.userId, actorOf(staff), "confirm_account");
  const a = await confirmOrExplain(input);
  return { accountNumber: a.accountNumber, municipality: input.municipality, name: a.name, address: a.address, amountDueCents: a.amountDueCents, dueDate: a.dueDate };
});

/** Pay: the key decides (see sellAtCounter); a new key confirms the account again before recording. */
export const payBillAction = staffAction(["cashier"], payBillSchema, async (input, staff) => {
  return sellAtCounter(staff, {
    idempotencyKey: input.idempotencyKey,
    kind: "bill",
    method: input.method,
    reference: input.accountNumber,
    request: { accountNumber: input.accountNumber, municipality: input.municipality },
    prepare: async () => {
      const a = await confirmOrExplain(input);
      const amount = checkBillAmount(input.amount);
      if (!amount.ok) throw new ActionError(amount.message, "amount");
      return { amountCents: amount.cents, request: { customerName: a.name } };
    },
  });
});
