"use client";

import { formatRand } from "@/lib/money";
import type { SaleView } from "@/lib/sales/sale-view";
import { NotConfirmed, type Resolve } from "./not-confirmed";
import type { SaleHook } from "./use-sale";
import { SalePanel } from "./sale-panel";
// Only card sales need the payment screen (QR code, polling): CardPayment loads it when one starts.
import { CardPayment } from "@/components/card/card-payment";

/**
 * A sale that is open on the form: the card payment it waits for, a sale still on its way,
 * the one "Not confirmed" panel, or the question to the journal after a lost answer. Null
 * while the form is free.
 */
export function OpenSaleScreen({ sale, resolve }: { sale: SaleHook; resolve: Resolve }) {
  const stage = sale.stage;
  if (stage.is === "asking") {
    return (
      <p role="status" className="max-w-xl rounded-xl bg-white p-4 text-lg shadow">
        No answer came back. Asking Kassa&apos;s journal what happened to this sale…
      </p>
    );
  }
  if (stage.is === "sending") return <StillSending sale={stage.sale} />;
  if (stage.is === "not-recorded" && stage.sale.notRecorded)
    return <NotRecordedSlip sale={stage.sale} onNewSale={sale.reset} />;
  if (stage.is !== "open") return null;
  const open = stage.sale;
  if (open.awaitingCard) {
    return (
      <CardPayment
        saleId={open.id}
        amountCents={open.amountCents}
        onSettled={sale.cardSettled}
        onNotPaid={sale.cardNotPaid}
      />
    );
  }
  return (
    <NotConfirmed
      key={`${open.id}-${open.status}`}
      sale={open}
      resolve={resolve}
      onResolved={sale.settle}
      onLeave={sale.leave}
    />
  );
}

/** The journal holds the sale and it is still being sent: the form waits and says so. */
function StillSending({ sale }: { sale: SaleView }) {
  return (
    <SalePanel title="Still sending" tone="wait" saleId={sale.id}>
      <p>
        The sale of {formatRand(sale.amountCents)} of {sale.what} is on its way to the core service.
        Keep the customer&apos;s money and do not take it again: this screen shows the outcome as
        soon as Kassa has it.
      </p>
    </SalePanel>
  );
}

/** What came back for a sale the journal could not write yet: the cashier keeps this slip. */
function NotRecordedSlip({ sale, onNewSale }: { sale: SaleView; onNewSale(): void }) {
  const shown = sale.notRecorded!;
  return (
    <SalePanel title={shown.notice} tone="keep">
      <p className="font-semibold">{shown.title}</p>
      <dl className="flex flex-col gap-1">
        {shown.lines.map((line, i) => (
          <div key={i} className="flex flex-wrap gap-2">
            <dt className="text-slate-600">{line.label}</dt>
            <dd
              className={line.big ? "font-mono text-2xl font-bold tracking-wider" : "font-medium"}
            >
              {line.value}
            </dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        onClick={() => window.print()}
        className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2"
      >
        Print
      </button>
      <button
        type="button"
        onClick={onNewSale}
        className="min-h-11 self-start rounded-lg bg-brand px-4 py-2 font-semibold text-white"
      >
        New sale
      </button>
    </SalePanel>
  );
}
