"use client";

import { useEffect, useRef, useState } from "react";
import { CardPayment } from "@/components/card/card-payment";
import { AmountField, MethodField } from "@/components/sale/fields";
import { ReferenceStep } from "@/components/sale/reference-step";
import { UnknownSale } from "@/components/sale/sale-outcome";
import { useCounterSale } from "@/components/sale/use-counter-sale";
import { centsToInput, QUICK_AMOUNTS_CENTS } from "@/lib/electricity/amount-rules";
import { MUNICIPALITY_NAMES, POSTPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { confirmAccountAction, payBillAction } from "./actions";
import { AccountDetails } from "./account-details";
import { BILL_MUNICIPALITY_COOKIE, checkBillAmount, confirmAccountSchema, type AccountView } from "./schema";

const MUNICIPALITIES = POSTPAID_MUNICIPALITIES.map((m) => ({ value: m, name: MUNICIPALITY_NAMES[m] }));

type Errors = Partial<Record<"accountNumber" | "municipality" | "amount" | "form", string>>;

/** A municipal account paid at the counter: confirm the account, take the amount, pay. */
export function PayForm({ initialMunicipality }: { initialMunicipality: string }) {
  const sale = useCounterSale("bill");
  const [accountNumber, setAccountNumber] = useState("");
  const [municipality, setMunicipality] = useState(initialMunicipality);
  const [account, setAccount] = useState<AccountView | null>(null);
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<"cash" | "card">("cash");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<"confirm" | "pay" | null>(null);
  const inFlight = useRef(false);
  const amountRef = useRef<HTMLInputElement>(null);

  // A confirmed account: the amount due is offered, selected so that typing replaces it.
  useEffect(() => {
    if (account) amountRef.current?.select();
  }, [account]);

  async function confirm() {
    const parsed = confirmAccountSchema.safeParse({ accountNumber, municipality });
    if (!parsed.success) {
      const e: Errors = {};
      for (const issue of parsed.error.issues) e[issue.path[0] as "accountNumber" | "municipality"] ??= issue.message;
      return setErrors(e);
    }
    setBusy("confirm");
    setErrors({});
    const result = await confirmAccountAction(parsed.data);
    setBusy(null);
    if (!result.ok) return setErrors({ accountNumber: result.fieldErrors?.accountNumber ?? result.error });
    setAccount(result.data);
    // Most customers pay what is due: offer it, the cashier overtypes otherwise.
    setAmount(result.data.amountDueCents && result.data.amountDueCents > 0 ? centsToInput(result.data.amountDueCents) : "");
    sale.setFailure(null);
  }

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!account || inFlight.current || !sale.key) return;
    const check = checkBillAmount(amount);
    if (!check.ok) return setErrors({ amount: check.message });
    inFlight.current = true;
    setBusy("pay");
    setErrors({});
    sale.setFailure(null);
    const result = await payBillAction({ accountNumber: account.accountNumber, municipality: account.municipality, amount, method, idempotencyKey: sale.key });
    inFlight.current = false;
    setBusy(null);
    if (!result.ok) return setErrors({ amount: result.fieldErrors?.amount, form: result.fieldErrors?.amount ? undefined : result.error });
    sale.settle(result.data);
  }

  if (sale.open?.awaitingCard) {
    return <CardPayment saleId={sale.open.id} amountCents={sale.open.amountCents} onSettled={sale.cardSettled} onNotPaid={sale.cardNotPaid} />;
  }
  if (sale.open) return <UnknownSale sale={sale.open} onResolved={sale.settle} />;

  return (
    <div className="flex flex-col gap-6">
      <ReferenceStep
        heading="Municipal account"
        field="accountNumber"
        label="Account number"
        confirmLabel="Confirm account"
        value={accountNumber}
        municipality={municipality}
        municipalities={MUNICIPALITIES}
        cookie={BILL_MUNICIPALITY_COOKIE}
        errors={errors}
        busy={busy === "confirm"}
        onValue={(v) => {
          setAccountNumber(v);
          setAccount(null);
        }}
        onMunicipality={(v) => {
          setMunicipality(v);
          setAccount(null);
        }}
        onConfirm={confirm}
      />
      {account && (
        <form onSubmit={pay} noValidate className="flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow">
          <AccountDetails account={account} />
          <AmountField value={amount} onChange={setAmount} error={errors.amount ?? sale.failure} quickCents={QUICK_AMOUNTS_CENTS} inputRef={amountRef} disabled={busy === "pay"} />
          <MethodField value={method} onChange={setMethod} disabled={busy === "pay"} />
          <p role="alert" className="min-h-6 text-danger">
            {errors.form}
          </p>
          <button type="submit" disabled={busy === "pay"} className="rounded-lg bg-brand px-4 py-3 text-lg font-semibold text-white disabled:opacity-60">
            {busy === "pay" ? "Paying…" : "Pay"}
          </button>
        </form>
      )}
    </div>
  );
}
