import { Details } from "@/components/sale/details";
import { describeRange } from "@/lib/amount-range";
import { formatRand } from "@/lib/money";
import { MUNICIPALITY_NAMES } from "@/lib/municipalities";
import type { AccountView } from "./schema";

/** What Confirm account tells the cashier: the account holder and what is due. */
export function AccountDetails({ account }: { account: AccountView }) {
  return (
    <Details
      label="Account details"
      rows={[
        ["Account holder", account.name || "—"],
        ["Account", account.accountNumber],
        ["Municipality", MUNICIPALITY_NAMES[account.municipality]],
        ["Address", account.address || null],
        ["Amount due", account.amountDueCents === null ? "—" : formatRand(account.amountDueCents)],
        ["Due date", account.dueDate || null],
        [
          "Allowed amount",
          account.minCents === null && account.maxCents === null ? null : describeRange(account),
        ],
      ]}
    />
  );
}
