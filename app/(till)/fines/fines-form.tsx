"use client";

import { useEffect, useRef, useState } from "react";
import type { Resolve } from "@/components/sale/not-confirmed";
import { OpenSale, SaleNotice } from "@/components/sale/sale-stage";
import { useSale } from "@/components/sale/use-sale";
import { selectedFines, selectionTotals } from "@/lib/fines/selection";
import type { FinesFound } from "@/lib/fines/view";
import { lookUpFinesAction, payFinesAction, recheckFinesSaleAction } from "./actions";
import { FinesTable } from "./fines-table";
import { LookupFields } from "./lookup-fields";
import { PayPanel } from "./pay-panel";
import type { LookupInput, PayFinesInput } from "./schema";

const RESOLVE: Resolve = {
  by: "registry",
  run: async (saleId) => {
    const result = await recheckFinesSaleAction({ saleId });
    if (!result.ok) return result.error;
    const { notices, message: advice } = result.data;
    const paid = notices.filter((n) => n.isPaid === true).map((n) => n.noticeNumber);
    const unpaid = notices.filter((n) => n.isPaid === false).map((n) => n.noticeNumber);
    const lines = [
      paid.length ? `Paid at the registry: ${paid.join(", ")}.` : "",
      unpaid.length ? `Not paid at the registry: ${unpaid.join(", ")}.` : "",
    ];
    return `${lines.filter(Boolean).join(" ")} ${advice}`.trim();
  },
};

type PayInput = Omit<PayFinesInput, "idempotencyKey">;

/** The counter's traffic-fine flow: look up, choose, Pay (validate, record, cash or card), slip. */
export function FinesForm() {
  const sale = useSale<PayInput>("fines", payFinesAction);
  const [lookup, setLookup] = useState<LookupInput | null>(null);
  const [found, setFound] = useState<FinesFound | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [method, setMethod] = useState<"cash" | "card">("cash");
  const [looking, setLooking] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  // After a look-up the next keystroke chooses fines: focus the first checkbox once the table is there.
  // Centred, so that on a narrow screen the total and Pay at its foot never cover it.
  useEffect(() => {
    const box = tableRef.current?.querySelector<HTMLInputElement>(
      "input[type=checkbox]:not(:disabled)",
    );
    box?.focus({ preventScroll: true });
    box?.scrollIntoView({ block: "center" });
  }, [found]);

  /** The look-up of a number the shared schema passed; a refusal is the field's message. */
  async function lookUp(input: LookupInput): Promise<string | null> {
    setLooking(true);
    sale.reset();
    const result = await lookUpFinesAction(input);
    setLooking(false);
    if (!result.ok) {
      setFound(null);
      return result.fieldErrors?.value ?? result.error;
    }
    setLookup(input);
    setFound(result.data);
    setSelected(new Set());
    return null;
  }

  function pay() {
    if (!found || !lookup) return;
    const chosen = selectedFines(found.fines, selected);
    sale.submit({
      lookupKind: lookup.kind,
      lookupValue: lookup.value,
      method,
      fines: chosen.map((f) => ({ noticeNumber: f.noticeNumber, grossCents: f.grossCents })),
    });
  }

  const choosing = !sale.occupied;
  const totals = found ? selectionTotals(found.fines, selected) : null;
  return (
    <div className="flex flex-col gap-4">
      <LookupFields busy={looking || sale.busy} onLookUp={lookUp} />
      {found && found.fines.length === 0 && (
        <p role="status">No fines were found for this number.</p>
      )}
      {found && found.fines.length > 0 && (
        // Two columns on a till's 1024 px: the notices beside Pay, both in view.
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_21rem]">
          <div ref={tableRef} className="min-w-0 rounded-xl bg-white p-2 shadow">
            {!found.hasFinesToPay && (
              <p role="status" className="p-2 font-semibold">
                All of these fines are paid.
              </p>
            )}
            <FinesTable
              fines={found.fines}
              selected={selected}
              onChange={choosing ? setSelected : () => {}}
            />
          </div>
          {totals && choosing && found.hasFinesToPay && (
            <PayPanel
              totals={totals}
              method={method}
              busy={sale.busy}
              notice={<SaleNotice sale={sale} id="fines-pay-error" />}
              onMethod={setMethod}
              onPay={pay}
            />
          )}
        </div>
      )}
      <OpenSale sale={sale} resolve={RESOLVE} />
    </div>
  );
}
