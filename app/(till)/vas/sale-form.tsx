"use client";

import { useEffect, useRef, useState } from "react";
import { formatRand } from "@/lib/money";
import { checkAmount, rangeMessage } from "@/lib/vas/amount";
import { KIND_LABELS, priceLabel, type CatalogueItem } from "@/lib/vas/catalogue";
import { MOBILE_NUMBER_MESSAGE, normaliseMobileNumber } from "@/lib/vas/mobile";
import { getVasQuoteAction, type QuoteView } from "./actions";
import { Field } from "./field";
import { PurchasePanel } from "./purchase-panel";

type Errors = { mobileNumber?: string; amount?: string; form?: string };

/** Mobile number and amount for the picked product, checked here before any call, then Get quote. */
export function SaleForm({ item, onDone }: { item: CatalogueItem; onDone(): void }) {
  const [mobileNumber, setMobileNumber] = useState("");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [quote, setQuote] = useState<QuoteView | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const quoteButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // The next keystroke goes to the first thing the cashier must fill in.
    (firstRef.current ?? quoteButtonRef.current)?.focus();
  }, []);

  async function getQuote(event: React.FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (item.needsMobileNumber && !normaliseMobileNumber(mobileNumber)) found.mobileNumber = MOBILE_NUMBER_MESSAGE;
    const checked = checkAmount(item, amount);
    if (!checked.ok) found.amount = checked.message;
    setErrors(found);
    if (found.mobileNumber || found.amount) return;
    setBusy(true);
    const result = await getVasQuoteAction({ productId: item.id, mobileNumber: item.needsMobileNumber ? mobileNumber : undefined, amount: item.fixedAmount ? undefined : amount });
    setBusy(false);
    if (result.ok) setQuote(result.data);
    else setErrors({ mobileNumber: result.fieldErrors?.mobileNumber, amount: result.fieldErrors?.amount, form: result.fieldErrors ? undefined : result.error });
  }

  // Any change after a quote voids it: Purchase buys only what was quoted.
  const edit = (set: (v: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.target.value);
    setQuote(null);
  };

  return (
    <section aria-label="Sale" className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow" onKeyDown={(e) => e.key === "Escape" && onDone()}>
      <div>
        <h2 id="vas-sale-title" className="text-xl font-semibold">
          {item.name}
        </h2>
        <p className="text-slate-600">
          {KIND_LABELS[item.kind]} · {item.brand} · {item.fixedAmount ? priceLabel(item) : `any amount from ${priceLabel(item)}`}
        </p>
        {item.description && <p className="text-sm text-slate-600">{item.description}</p>}
      </div>
      <form onSubmit={getQuote} noValidate className="flex flex-col gap-2">
        {item.needsMobileNumber && (
          <Field id="vas-mobile" label="Mobile number" error={errors.mobileNumber} hint="The airtime or data goes to this number.">
            <input ref={firstRef} type="tel" inputMode="tel" autoComplete="off" value={mobileNumber} onChange={edit(setMobileNumber)} placeholder="082 123 4567" />
          </Field>
        )}
        {!item.fixedAmount && (
          <Field id="vas-amount" label="Amount" error={errors.amount} hint={rangeMessage(item)}>
            <input
              ref={item.needsMobileNumber ? undefined : firstRef}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={edit(setAmount)}
              placeholder="R"
            />
          </Field>
        )}
        {item.fixedAmount && item.priceCents !== null && <p className="text-lg">Price: {formatRand(item.priceCents)}</p>}
        <p role="alert" aria-live="assertive" className="min-h-6 text-danger">
          {errors.form}
        </p>
        {!quote && (
          <button ref={quoteButtonRef} type="submit" disabled={busy} className="rounded-lg bg-brand px-4 py-3 text-lg font-semibold text-white disabled:opacity-60">
            {busy ? "Getting quote…" : "Get quote"}
          </button>
        )}
      </form>
      {quote && <PurchasePanel key={quote.token} quote={quote} onNewQuote={() => setQuote(null)} onNewSale={onDone} />}
    </section>
  );
}
