"use client";

import { useEffect, useRef, useState } from "react";
import { CardPayment } from "@/components/card/card-payment";
import { AmountField, MethodField } from "@/components/sale/fields";
import { UnknownSale } from "@/components/sale/sale-outcome";
import { useCounterSale } from "@/components/sale/use-counter-sale";
import { checkAmount, quickAmountsFor } from "@/lib/electricity/amount-rules";
import { confirmMeterAction, purchaseElectricityAction } from "./actions";
import { ReferenceStep } from "@/components/sale/reference-step";
import { MUNICIPALITY_NAMES, PREPAID_MUNICIPALITIES } from "@/lib/municipalities";
import { MeterDetails } from "./meter-details";
import { confirmMeterSchema, MUNICIPALITY_COOKIE, type MeterView } from "./schema";

const MUNICIPALITIES = PREPAID_MUNICIPALITIES.map((m) => ({ value: m, name: MUNICIPALITY_NAMES[m] }));

type Errors = Partial<Record<"meterNumber" | "municipality" | "amount" | "form", string>>;

/** Prepaid electricity at the counter: confirm the meter, take the amount, purchase. Keyboard first. */
export function VendForm({ initialMunicipality }: { initialMunicipality: string }) {
  const sale = useCounterSale("electricity");
  const [meterNumber, setMeterNumber] = useState("");
  const [municipality, setMunicipality] = useState(initialMunicipality);
  const [meter, setMeter] = useState<MeterView | null>(null);
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<"cash" | "card">("cash");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<"confirm" | "purchase" | null>(null);
  const inFlight = useRef(false);
  const amountRef = useRef<HTMLInputElement>(null);

  // A confirmed meter: the next keystroke is the amount.
  useEffect(() => {
    if (meter) amountRef.current?.focus();
  }, [meter]);

  async function confirm() {
    const parsed = confirmMeterSchema.safeParse({ meterNumber, municipality });
    if (!parsed.success) {
      const e: Errors = {};
      for (const issue of parsed.error.issues) e[issue.path[0] as "meterNumber" | "municipality"] ??= issue.message;
      return setErrors(e);
    }
    setBusy("confirm");
    setErrors({});
    const result = await confirmMeterAction(parsed.data);
    setBusy(null);
    if (!result.ok) return setErrors({ meterNumber: result.fieldErrors?.meterNumber ?? result.error });
    setMeter(result.data);
    setAmount("");
    sale.setFailure(null);
  }

  async function purchase(event: React.FormEvent) {
    event.preventDefault();
    if (!meter || inFlight.current || !sale.key) return;
    const check = checkAmount(amount, meter);
    if (!check.ok) return setErrors({ amount: check.message });
    inFlight.current = true;
    setBusy("purchase");
    setErrors({});
    sale.setFailure(null);
    const result = await purchaseElectricityAction({ meterNumber: meter.meterNumber, municipality: meter.municipality, amount, method, idempotencyKey: sale.key });
    inFlight.current = false;
    setBusy(null);
    if (!result.ok) return setErrors({ amount: result.fieldErrors?.amount, form: result.fieldErrors?.amount ? undefined : result.error });
    sale.settle(result.data);
  }

  if (sale.open?.awaitingCard) {
    return <CardPayment saleId={sale.open.id} amountCents={sale.open.amountCents} onSettled={sale.cardSettled} onNotPaid={sale.cardNotPaid} />;
  }
  if (sale.open) return <UnknownSale sale={sale.open} onResolved={sale.settle} />;

  const amountError = errors.amount ?? sale.failure;
  return (
    <div className="flex flex-col gap-6">
      <ReferenceStep
        heading="Prepaid electricity"
        field="meterNumber"
        label="Meter number"
        confirmLabel="Confirm meter"
        value={meterNumber}
        municipality={municipality}
        municipalities={MUNICIPALITIES}
        cookie={MUNICIPALITY_COOKIE}
        errors={errors}
        busy={busy === "confirm"}
        onValue={(v) => {
          setMeterNumber(v);
          setMeter(null);
        }}
        onMunicipality={(v) => {
          setMunicipality(v);
          setMeter(null);
        }}
        onConfirm={confirm}
      />
      {meter && (
        <form onSubmit={purchase} noValidate className="flex max-w-xl flex-col gap-4 rounded-xl bg-white p-6 shadow">
          <MeterDetails meter={meter} />
          <AmountField value={amount} onChange={setAmount} error={amountError} quickCents={quickAmountsFor(meter)} inputRef={amountRef} disabled={busy === "purchase"} />
          <MethodField value={method} onChange={setMethod} disabled={busy === "purchase"} />
          <p role="alert" className="min-h-6 text-danger">
            {errors.form}
          </p>
          <button type="submit" disabled={busy === "purchase"} className="rounded-lg bg-brand px-4 py-3 text-lg font-semibold text-white disabled:opacity-60">
            {busy === "purchase" ? "Purchasing…" : "Purchase"}
          </button>
        </form>
      )}
    </div>
  );
}
