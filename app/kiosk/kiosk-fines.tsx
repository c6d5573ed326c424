"use client";

import { useCallback, useState } from "react";
import { newSaleKey } from "@/components/sale/sale-store";
import { selectedFines } from "@/lib/fines/selection";
import type { FineRow } from "@/lib/fines/view";
import { kioskLookUpAction, kioskPayFinesAction } from "./actions";
import { FinePicker } from "./fine-picker";
import { IdleGuard } from "./idle-guard";
import { NumberEntry } from "./number-entry";

type Kind = "id" | "notice";
type Stage = { is: "start" } | { is: "enter"; kind: Kind } | { is: "fines"; kind: Kind; fines: FineRow[] } | { is: "leaving" };

/**
 * One customer's visit. Everything (the number typed, the fines, the choice) lives in this
 * component's state only: no URL, no storage. Clearing the screen remounts it.
 */
function Visit({ onDone }: { onDone(): void }) {
  const [stage, setStage] = useState<Stage>({ is: "start" });
  const [digits, setDigits] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newSaleKey);

  const enter = (kind: Kind) => {
    setDigits("");
    setError(null);
    setStage({ is: "enter", kind });
  };

  const lookUp = useCallback(async () => {
    if (stage.is !== "enter") return;
    setBusy(true);
    setError(null);
    const result = await kioskLookUpAction({ kind: stage.kind, value: digits });
    setBusy(false);
    if (!result.ok) return setError(result.fieldErrors?.value ?? result.error);
    setSelected(new Set());
    setStage({ is: "fines", kind: stage.kind, fines: result.data.fines });
  }, [stage, digits]);

  async function pay() {
    if (stage.is !== "fines") return;
    setBusy(true);
    setError(null);
    const chosen = selectedFines(stage.fines, selected).map((f) => ({ noticeNumber: f.noticeNumber, grossCents: f.grossCents }));
    const result = await kioskPayFinesAction({ kind: stage.kind, value: digits, idempotencyKey: key, fines: chosen });
    if (!result.ok) {
      setBusy(false);
      return setError(result.fieldErrors?.fines ?? result.error);
    }
    setStage({ is: "leaving" });
    // The hosted checkout replaces this page: going back never shows the customer's fines.
    window.location.replace(result.data.paymentPageUrl);
  }

  return (
    <>
      {/* The start screen has nothing to clear; every other step does. */}
      <IdleGuard onIdle={onDone} active={stage.is === "enter" || stage.is === "fines"} />
      {stage.is === "leaving" && <p className="pt-24 text-center text-4xl">Opening the card payment page…</p>}
      {stage.is === "enter" && <NumberEntry kind={stage.kind} digits={digits} error={error} busy={busy} onDigits={setDigits} onLookUp={lookUp} onBack={onDone} />}
      {stage.is === "fines" && <FinePicker fines={stage.fines} selected={selected} error={error} busy={busy} onSelect={setSelected} onPay={pay} onDone={onDone} />}
      {stage.is === "start" && <StartScreen onEnter={enter} />}
    </>
  );
}

function StartScreen({ onEnter: enter }: { onEnter(kind: Kind): void }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-10 pt-16 text-center">
      <h1 className="text-5xl font-bold">Pay your traffic fines</h1>
      <p className="text-3xl text-slate-200">Look up your fines with your ID number or a notice number, and pay by card.</p>
      <div className="flex w-full flex-col gap-6">
        <button type="button" onClick={() => enter("id")} className="rounded-2xl bg-brand py-10 text-4xl font-semibold">
          Use my ID number
        </button>
        <button type="button" onClick={() => enter("notice")} className="rounded-2xl bg-slate-600 py-10 text-4xl font-semibold">
          Use a notice number
        </button>
      </div>
    </div>
  );
}

/** The kiosk's traffic-fine screen; clears itself after a minute without a touch, or on Done. */
export function KioskFines() {
  const [visit, setVisit] = useState(0);
  const clear = useCallback(() => setVisit((v) => v + 1), []);
  return <Visit key={visit} onDone={clear} />;
}
