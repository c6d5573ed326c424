"use client";

import { lazy, Suspense, useEffect } from "react";
import { formatRand } from "@/lib/money";
import type { Resolve } from "./not-confirmed";
import type { SaleHook } from "./use-sale";

// An open sale (still sending, not confirmed, card payment, not recorded) comes only after
// Purchase: its screen is not part of the sale page's first load. React's own lazy, as
// CardPayment; SaleNotice, beside every Purchase button, fetches it once the page is idle, so it
// is there before any sale can be open.
const loadScreen = () => import("./open-sale-screen");
const OpenSaleScreen = lazy(() => loadScreen().then((m) => ({ default: m.OpenSaleScreen })));

/**
 * A sale that is open on the form: the card payment it waits for, a sale still on its way,
 * the one "Not confirmed" panel, or the question to the journal after a lost answer. Null
 * while the form is free.
 */
export function OpenSale(props: { sale: SaleHook; resolve: Resolve }) {
  return (
    <Suspense
      fallback={
        <p role="status" aria-live="polite" className="max-w-xl rounded-xl bg-white p-4 shadow">
          Opening the sale…
        </p>
      }
    >
      <OpenSaleScreen {...props} />
    </Suspense>
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
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadScreen().catch(() => {}));
  }, []);
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
