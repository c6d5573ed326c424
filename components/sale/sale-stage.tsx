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
export function OpenSale({ sale, resolve }: { sale: SaleHook; resolve: Resolve }) {
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

/**
 * The answer next to Purchase when nothing was sold yet: a refusal, a key that belonged to
 * another sale (a copied tab), or the duplicate question with its explicit "Sell again".
 */
export function SaleNotice({
  sale,
  id = "sale-notice",
  fieldsShown = [],
}: {
  sale: SaleHook;
  id?: string;
  /** Fields whose refusal the form shows next to the field itself: not repeated here. */
  fieldsShown?: readonly string[];
}) {
  const stage = sale.stage;
  if (stage.is === "duplicate") {
    const earlier = stage.earlier;
    const what = earlier ? `${formatRand(earlier.amountCents)} for ${earlier.reference}` : null;
    const at = earlier?.createdAt
      ? new Date(earlier.createdAt).toLocaleTimeString("en-ZA", {
          timeZone: "Africa/Johannesburg",
          hour: "2-digit",
          minute: "2-digit",
        })
      : null;
    return (
      <div
        id={id}
        role="alert"
        className="flex flex-col gap-2 rounded-lg border-2 border-warn bg-amber-50 p-3 text-amber-950"
      >
        <p className="font-semibold">{stage.message}</p>
        {what && (
          <p>
            Sold before: {what}
            {at ? ` at ${at}` : ""}.
          </p>
        )}
        <p>Sell it again only if the customer wants a second one and has paid for it.</p>
        <div className="flex gap-3">
          <button
            type="button"
            autoFocus
            onClick={() => sale.sellAgain()}
            className="min-h-11 rounded-lg bg-warn px-4 py-2 font-semibold text-white"
          >
            Sell again
          </button>
          <button
            type="button"
            onClick={sale.reset}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-4 py-2"
          >
            Cancel
          </button>
        </div>
      </div>
    );
  }
  // Kassa updated under the page: the till's status area says so while the page reloads.
  const message =
    stage.is === "key-reused"
      ? "This form's sale key already belonged to a different sale (a copied tab?), so nothing was sold and no slip is shown. The form now has a new key: check the details and press the button again."
      : stage.is === "refused" &&
          !Object.keys(stage.fieldErrors).some((f) => fieldsShown.includes(f))
        ? stage.message
        : null;
  return (
    <p id={id} role="alert" aria-live="assertive" className="text-danger">
      {message}
    </p>
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
