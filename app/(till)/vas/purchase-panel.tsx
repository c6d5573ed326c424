"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { CardPayment, type SettledSale } from "@/components/card/card-payment";
import { formatRand } from "@/lib/money";
import { purchaseVasAction, type QuoteView } from "./actions";
import { newSaleKey } from "@/components/sale/use-sale-key";
import { SaleOutcome, type Outcome } from "./sale-outcome";

interface Props {
  quote: QuoteView;
  onNewQuote(): void;
  onNewSale(): void;
}

/** The quote's breakdown, cash or card, and Purchase: once, under one idempotency key. */
export function PurchasePanel({ quote, onNewQuote, onNewSale }: Props) {
  const router = useRouter();
  // Made when this purchase form opens: a double click or a resubmit maps to one sale.
  const [key, setKey] = useState(newSaleKey);
  const [method, setMethod] = useState<"cash" | "card">("cash");
  const [busy, setBusy] = useState(false);
  const [card, setCard] = useState<{ saleId: string; amountCents: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const purchaseRef = useRef<HTMLButtonElement>(null);

  useEffect(() => purchaseRef.current?.focus(), []);

  function settle(sale: { id: string; status: string; message?: string }) {
    if (sale.status === "completed") {
      router.push(`/slips/${sale.id}?fresh=1`);
      return;
    }
    setOutcome(sale.status === "failed" ? { kind: "failed", message: sale.message ?? "The core service refused the sale." } : { kind: "unconfirmed", saleId: sale.id, message: sale.message });
    router.refresh();
  }

  async function purchase(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await purchaseVasAction({ idempotencyKey: key, quoteToken: quote.token, method });
    setBusy(false);
    if (!result.ok) return setOutcome({ kind: "refused", message: result.error });
    const sale = result.data;
    if (sale.awaitingCard) return setCard({ saleId: sale.id, amountCents: sale.amountCents });
    settle({ id: sale.id, status: sale.status, message: sale.message ?? undefined });
  }

  if (card) {
    return (
      <CardPayment
        saleId={card.saleId}
        amountCents={card.amountCents}
        onSettled={(s: SettledSale) => {
          setCard(null);
          settle(s);
        }}
        onNotPaid={(reason) => {
          // Nothing was sold: a new attempt is a new sale under a new key.
          setCard(null);
          setKey(newSaleKey());
          setOutcome({ kind: "refused", message: `Not paid: ${reason} Nothing was sold; take cash or try the card again.` });
        }}
      />
    );
  }

  // After an unconfirmed or refused-upstream sale there is nothing more to buy with this quote.
  const done = outcome?.kind === "unconfirmed" || outcome?.kind === "failed";
  return (
    <form onSubmit={purchase} className="flex flex-col gap-3 border-t border-slate-200 pt-3" aria-label="Quote">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-lg" data-testid="vas-quote">
        {quote.mobileNumber && (
          <>
            <dt>Mobile number</dt>
            <dd className="text-right tabular-nums">{quote.mobileNumber}</dd>
          </>
        )}
        <dt>{quote.productName}</dt>
        <dd className="text-right tabular-nums">{formatRand(quote.amountCents)}</dd>
        {quote.fees.map((fee) => (
          <FeeRow key={fee.description} label={fee.description} cents={fee.amountCents} />
        ))}
        <dt className="font-bold">Total</dt>
        <dd className="text-right font-bold tabular-nums" data-testid="vas-total">
          {formatRand(quote.totalCents)}
        </dd>
      </dl>
      {outcome && <SaleOutcome outcome={outcome} onNewSale={onNewSale} onNewQuote={onNewQuote} />}
      {!done && (
        <>
          <fieldset className="flex gap-4">
            <legend className="font-medium">Payment</legend>
            {(["cash", "card"] as const).map((m) => (
              <label key={m} className="flex items-center gap-2 text-lg">
                <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} />
                {m === "cash" ? "Cash" : "Card"}
              </label>
            ))}
          </fieldset>
          <button ref={purchaseRef} type="submit" disabled={busy} className="rounded-lg bg-brand px-4 py-3 text-lg font-semibold text-white disabled:opacity-60">
            {busy ? "Purchasing…" : "Purchase"}
          </button>
        </>
      )}
    </form>
  );
}

function FeeRow({ label, cents }: { label: string; cents: number }) {
  return (
    <>
      <dt className="text-slate-700">{label}</dt>
      <dd className="text-right tabular-nums text-slate-700">{formatRand(cents)}</dd>
    </>
  );
}
