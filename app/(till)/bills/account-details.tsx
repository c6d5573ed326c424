import { formatRand } from "@/lib/money";
import { MUNICIPALITY_NAMES } from "@/lib/municipalities";
import type { AccountView } from "./schema";

/** What Confirm account tells the cashier: the account holder and what is due. */
export function AccountDetails({ account }: { account: AccountView }) {
  const row = (label: string, value: string) => (
    <div className="flex gap-2">
      <dt className="w-40 text-slate-600">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
  return (
    <section aria-label="Account details">
      <dl className="flex flex-col gap-1">
        {row("Account holder", account.name || "—")}
        {row("Account", account.accountNumber)}
        {row("Municipality", MUNICIPALITY_NAMES[account.municipality])}
        {account.address && row("Address", account.address)}
        {row(
          "Amount due",
          account.amountDueCents === null ? "—" : formatRand(account.amountDueCents),
        )}
        {account.dueDate && row("Due date", account.dueDate)}
      </dl>
    </section>
  );
}
