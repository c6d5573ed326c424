"use client";

import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { CashTendered } from "@/components/cash/cash-tendered";
import { centsToInput } from "@/lib/amount-input";
import { formatRand } from "@/lib/money";
import { checkAmount, rangeMessage } from "@/lib/kinds/vas/amount";
import {
  VAS_KIND_LABELS,
  priceLabel,
  recipientOf,
  type CatalogueItem,
} from "@/lib/kinds/vas/catalogue";
import { MOBILE_NUMBER_MESSAGE } from "@/lib/kinds/vas/mobile";
import { getVasQuoteAction, type QuoteView } from "./actions";
import { Field } from "./field";
import { PurchasePanel, VAS_PURCHASE_ID } from "./purchase-panel";
import { schemaResolver } from "@/components/forms/schema-resolver";
import { SubmitButton } from "@/components/forms/submit-button";
import type { QuoteFields } from "./form-schema";

const resolver = schemaResolver<QuoteFields>(() =>
  import("./form-schema").then((m) => m.quoteFieldsSchema),
);

/** A sale pressed just before an upgrade's reload, as the page comes back to it. */
export interface Resumed {
  itemId: string;
  quote: QuoteView;
  method: "cash" | "card";
}

/** Mobile number and amount for the picked product, checked here before any call, then Get quote. */
export function SaleForm({
  item,
  resumed,
  onDone,
}: {
  item: CatalogueItem;
  resumed: Resumed | null;
  onDone(): void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [quote, setQuote] = useState<QuoteView | null>(resumed?.quote ?? null);
  const [method, setMethod] = useState<"cash" | "card">(resumed?.method ?? "cash");
  const quoteButtonRef = useRef<HTMLButtonElement>(null);
  const form = useForm<QuoteFields>({
    resolver,
    defaultValues: {
      mobileNumber: resumed?.quote.mobileNumber ?? "",
      amount: resumed ? centsToInput(resumed.quote.amountCents) : "",
    },
  });
  const errors = {
    mobileNumber: form.formState.errors.mobileNumber?.message,
    amount: form.formState.errors.amount?.message,
  };
  const busy = form.formState.isSubmitting;

  // The next keystroke goes to the first thing the cashier must fill in; a resumed quote's
  // Purchase has the focus already.
  const resuming = resumed !== null;
  useEffect(() => {
    if (resuming) return;
    if (item.mobileNumber !== "none") form.setFocus("mobileNumber");
    else if (!item.fixedAmount) form.setFocus("amount");
    else quoteButtonRef.current?.focus();
  }, [form, item, resuming]);

  const getQuote = form.handleSubmit(async ({ mobileNumber, amount }) => {
    setFormError(null);
    let stop = false;
    if (recipientOf(item, mobileNumber) === "bad") {
      form.setError("mobileNumber", { message: MOBILE_NUMBER_MESSAGE });
      stop = true;
    }
    const checked = checkAmount(item, amount);
    if (!checked.ok) {
      form.setError("amount", { message: checked.message });
      stop = true;
    }
    if (stop) return;
    const result = await getVasQuoteAction({
      productId: item.id,
      mobileNumber: item.mobileNumber === "none" ? undefined : mobileNumber,
      amount: item.fixedAmount ? undefined : amount,
    });
    if (result.ok) {
      setMethod("cash");
      return setQuote(result.data);
    }
    const fields = result.fieldErrors ?? {};
    if (fields.mobileNumber) form.setError("mobileNumber", { message: fields.mobileNumber });
    if (fields.amount) form.setError("amount", { message: fields.amount });
    if (!fields.mobileNumber && !fields.amount) setFormError(result.error);
  });

  // The display facing the customer: the product, the number it goes to and the total to pay,
  // with the quote's lines, once quoted (components/customer-display/sale-lines.ts, loaded when needed).
  useEffect(() => {
    if (quote)
      void import("@/components/customer-display/sale-lines").then((m) =>
        m.showQuote(item.kind, quote),
      );
  }, [quote, item.kind]);

  // Any change after a quote voids it: Purchase buys only what was quoted.
  const voidQuote = { onChange: () => setQuote(null) };

  return (
    <section
      aria-label="Sale"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow"
      onKeyDown={(e) => e.key === "Escape" && onDone()}
    >
      <div>
        <h2 id="vas-sale-title" className="text-xl font-semibold">
          {item.name}
        </h2>
        <p className="text-slate-600">
          {VAS_KIND_LABELS[item.kind]} · {item.brand} ·{" "}
          {item.fixedAmount ? priceLabel(item) : `any amount from ${priceLabel(item)}`}
        </p>
        {item.description && <p className="text-sm text-slate-600">{item.description}</p>}
      </div>
      {/* Side by side on a till's 1024 px: the fields beside the quote, Purchase in view. */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <form onSubmit={getQuote} noValidate className="flex flex-col gap-2">
            {item.mobileNumber !== "none" && (
              <Field
                id="vas-mobile"
                label={
                  item.mobileNumber === "required" ? "Mobile number" : "Mobile number (if any)"
                }
                error={errors.mobileNumber}
                hint={
                  item.mobileNumber === "required"
                    ? "The airtime or data goes to this number."
                    : "Only if this product goes to a phone: leave it empty otherwise."
                }
              >
                <input
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  {...form.register("mobileNumber", voidQuote)}
                  placeholder="082 123 4567"
                />
              </Field>
            )}
            {!item.fixedAmount && (
              <Field id="vas-amount" label="Amount" error={errors.amount} hint={rangeMessage(item)}>
                <input
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register("amount", voidQuote)}
                  placeholder="R"
                />
              </Field>
            )}
            {item.fixedAmount && item.priceCents !== null && (
              <p className="text-lg">Price: {formatRand(item.priceCents)}</p>
            )}
            <p role="alert" aria-live="assertive" className="text-danger">
              {formError}
            </p>
            {!quote && (
              <SubmitButton ref={quoteButtonRef} busy={busy} busyLabel="Getting quote…" large>
                Get quote
              </SubmitButton>
            )}
          </form>
          {/* Counted: Enter moves on to Purchase, as on every sale form. */}
          {quote && method === "cash" && (
            <CashTendered
              amountCents={quote.totalCents}
              onEnter={() => document.getElementById(VAS_PURCHASE_ID)?.focus()}
            />
          )}
        </div>
        {quote && (
          <PurchasePanel
            key={quote.token}
            quote={quote}
            itemId={item.id}
            onMethod={setMethod}
            onNewQuote={() => setQuote(null)}
            onNewSale={onDone}
          />
        )}
      </div>
    </section>
  );
}
