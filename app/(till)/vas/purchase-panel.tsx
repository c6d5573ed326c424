"use client";

import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { OpenSale, SaleNotice } from "@/components/sale/sale-stage";
import { useSale } from "@/components/sale/use-sale";
import { formatRand } from "@/lib/money";
import { purchaseVasAction, type QuoteView } from "./actions";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { SubmitButton } from "@/components/forms/submit-button";
import type { MethodValues } from "./form-schema";

/** What the VAS page keeps of a sale pressed just before an upgrade, to come back to it. */
export interface VasScreen {
  itemId: string;
  quote: QuoteView;
}

interface Props {
  quote: QuoteView;
  /** The picked product, kept with the sale for the page to come back to it after an upgrade. */
  itemId: string;
  /** Cash or card as chosen here: the sale form shows cash tendered beside it for cash. */
  onMethod(method: "cash" | "card"): void;
  onNewQuote(): void;
  onNewSale(): void;
}

/** The quote's Purchase button: cash tendered's Enter moves on to it. */
export const VAS_PURCHASE_ID = "vas-purchase";

const resolver = schemaResolver<MethodValues>(() =>
  import("./form-schema").then((m) => m.methodSchema),
);

/** The quote's breakdown, cash or card, and Purchase: once, under the one sale key of the VAS form. */
export function PurchasePanel({ quote, itemId, onMethod, onNewQuote, onNewSale }: Props) {
  const sale = useSale<{ quoteToken: string; method: "cash" | "card" }, VasScreen>(
    "vas",
    purchaseVasAction,
    {
      screen: () => ({ itemId, quote }),
      restore: (input) => form.reset({ method: input.method }),
    },
  );
  const form = useForm<MethodValues>({
    resolver,
    defaultValues: { method: "cash" },
  });

  const purchaseRef = useRef<HTMLButtonElement>(null);
  // The quote is what the customer asked for: Enter buys it.
  useEffect(() => purchaseRef.current?.focus(), []);

  const purchase = form.handleSubmit(({ method }) =>
    sale.submit({ quoteToken: quote.token, method }),
  );

  if (sale.occupied) {
    return (
      <div className="flex flex-col gap-3">
        <OpenSale sale={sale} resolve={{ by: "supervisor" }} />
        {sale.stage.is === "open" && !sale.stage.sale.awaitingCard && (
          <button
            type="button"
            onClick={onNewSale}
            className="min-h-11 self-start rounded border border-slate-400 bg-white px-3 py-1"
          >
            New sale
          </button>
        )}
      </div>
    );
  }

  const refused = sale.stage.is === "refused";
  return (
    <form onSubmit={purchase} noValidate className="flex flex-col gap-3" aria-label="Quote">
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
      {/* Arrows choose cash or card; Enter buys (the form's own submit, as on every sale form). */}
      <fieldset className="flex gap-4" aria-describedby="vas-method-error">
        <legend className="font-medium">Payment</legend>
        {(["cash", "card"] as const).map((m) => (
          <label key={m} className="flex min-h-11 items-center gap-2 text-lg">
            <input
              type="radio"
              value={m}
              {...form.register("method", { onChange: () => onMethod(m) })}
              className="size-5"
            />
            {m === "cash" ? "Cash" : "Card"}
          </label>
        ))}
      </fieldset>
      <p id="vas-method-error" className="text-danger">
        {form.formState.errors.method?.message}
      </p>
      <SaleNotice sale={sale} id="vas-sale-notice" />
      {refused && (
        <button
          type="button"
          onClick={onNewQuote}
          className="min-h-11 self-start rounded border border-slate-400 bg-white px-3 py-1"
        >
          Get a new quote
        </button>
      )}
      <SubmitButton
        ref={purchaseRef}
        id={VAS_PURCHASE_ID}
        busy={sale.busy}
        busyLabel="Purchasing…"
        large
        aria-describedby="vas-sale-notice"
      >
        Purchase
      </SubmitButton>
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
