"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { CardPayment, type SettledSale } from "@/components/card/card-payment";
import { newSaleKey } from "@/components/sale/use-sale-key";
import type { LookupKind } from "@/lib/fines/lookup-kind";
import { selectedFines, selectionTotals } from "@/lib/fines/selection";
import type { FinesFound } from "@/lib/fines/view";
import { lookUpFinesAction, payFinesAction } from "./actions";
import { FinesTable } from "./fines-table";
import { LookupFields } from "./lookup-fields";
import { PayPanel } from "./pay-panel";
import { UnknownFinesSale } from "./unknown-sale";

type Stage = { is: "choosing" } | { is: "card"; saleId: string; amountCents: number } | { is: "unknown"; saleId: string; message: string | null };

/** The counter's traffic-fine flow: look up, choose, Pay (validate, record, cash or card), slip. */
export function FinesForm({ firstKey }: { firstKey: string }) {
  const router = useRouter();
  const [key, setKey] = useState(firstKey);
  const [lookup, setLookup] = useState<{ kind: LookupKind; value: string } | null>(null);
  const [found, setFound] = useState<FinesFound | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [method, setMethod] = useState<"cash" | "card">("cash");
  const [busy, setBusy] = useState(false);
  const [lookupError, setLookupError] = useState<{ kind: LookupKind; message: string } | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ is: "choosing" });
  const tableRef = useRef<HTMLDivElement>(null);
  // After a look-up the next keystroke chooses fines: focus the first checkbox once the table is there.
  useEffect(() => {
    tableRef.current?.querySelector<HTMLInputElement>("input[type=checkbox]:not(:disabled)")?.focus();
  }, [found]);

  // A new attempt after a refusal or a failed sale is a new sale: it needs its own key.
  const freshKey = () => setKey(newSaleKey());

  async function lookUp(kind: LookupKind, value: string) {
    setBusy(true);
    setLookupError(null);
    setPayError(null);
    setStage({ is: "choosing" });
    const result = await lookUpFinesAction({ kind, value });
    setBusy(false);
    if (!result.ok) {
      setFound(null);
      setLookupError({ kind, message: result.fieldErrors?.value ?? result.error });
      return;
    }
    setLookup({ kind, value });
    setFound(result.data);
    setSelected(new Set());
    freshKey();
  }

  function settled(outcome: { saleId: string; status: string; message: string | null | undefined }) {
    if (outcome.status === "completed") return router.push(`/slips/${outcome.saleId}`);
    if (outcome.status === "unknown" || outcome.status === "pending") return setStage({ is: "unknown", saleId: outcome.saleId, message: outcome.message ?? null });
    setStage({ is: "choosing" });
    setPayError(outcome.message ?? "The fines were not paid.");
    freshKey();
  }

  async function pay() {
    if (!found || !lookup) return;
    const chosen = selectedFines(found.fines, selected);
    setBusy(true);
    setPayError(null);
    const result = await payFinesAction({
      idempotencyKey: key,
      lookupKind: lookup.kind,
      lookupValue: lookup.value,
      method,
      fines: chosen.map((f) => ({ noticeNumber: f.noticeNumber, grossCents: f.grossCents })),
    });
    setBusy(false);
    if (!result.ok) {
      setPayError(result.error);
      freshKey();
      return;
    }
    const { id: saleId, status, amountCents, message } = result.data;
    if (method === "card" && status === "pending") return setStage({ is: "card", saleId, amountCents });
    settled({ saleId, status, message });
  }

  const totals = found ? selectionTotals(found.fines, selected) : null;
  return (
    <div className="flex flex-col gap-4">
      <LookupFields busy={busy} error={lookupError} onLookUp={lookUp} onError={setLookupError} />
      {found && found.fines.length === 0 && <p role="status">No fines were found for this number.</p>}
      {found && found.fines.length > 0 && (
        <div ref={tableRef} className="overflow-x-auto rounded-xl bg-white p-2 shadow">
          {!found.hasFinesToPay && <p role="status" className="p-2 font-semibold">All of these fines are paid.</p>}
          <FinesTable fines={found.fines} selected={selected} onChange={stage.is === "choosing" ? setSelected : () => {}} />
        </div>
      )}
      {found && totals && stage.is === "choosing" && found.hasFinesToPay && (
        <PayPanel totals={totals} method={method} busy={busy} error={payError} onMethod={setMethod} onPay={pay} />
      )}
      {stage.is === "card" && (
        <CardPayment
          saleId={stage.saleId}
          amountCents={stage.amountCents}
          onSettled={(s: SettledSale) => settled({ saleId: s.id, status: s.status, message: s.message })}
          onNotPaid={(reason) => {
            setStage({ is: "choosing" });
            setPayError(`Not paid: ${reason} Nothing was charged; try again or take cash.`);
            freshKey();
          }}
        />
      )}
      {stage.is === "unknown" && <UnknownFinesSale saleId={stage.saleId} message={stage.message} />}
    </div>
  );
}
