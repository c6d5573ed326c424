"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { MeterCodeId } from "@/lib/care/meter-codes";
import type { NextStep } from "@/lib/care/next-step";
import type { MeterCodes } from "@/lib/care/story";
import { Checkbox } from "@/components/forms/checkbox";
import { careStepAction, confirmMeterForCareAction } from "./actions";

export interface CodeChoice {
  id: MeterCodeId;
  picture: ReactNode;
  makes: string;
  meaning: string;
}

/**
 * What the meter shows → the next step in plain words. Each pick is recorded as a case on the
 * server; "Confirm the meter" is the only call to the core service, and only when pressed.
 */
export function CarePanel({
  saleId,
  meterNumber,
  keyChange,
  codes,
}: {
  saleId: string;
  meterNumber: string;
  keyChange: boolean;
  codes: CodeChoice[];
}) {
  const [otherMeter, setOtherMeter] = useState(false);
  const [keyChangeEntered, setKeyChangeEntered] = useState(false);
  const [confirmed, setConfirmed] = useState<MeterCodes | null>(null);
  const [step, setStep] = useState<NextStep | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const stepRef = useRef<HTMLElement>(null);

  // The step is where the cashier reads next: it takes the focus (and so comes into view).
  useEffect(() => {
    if (step) stepRef.current?.focus();
  }, [step]);

  async function pick(code: MeterCodeId) {
    setBusy(true);
    const result = await careStepAction({ saleId, code, otherMeter, keyChangeEntered, confirmed });
    setBusy(false);
    if (!result.ok) return setNote(result.error);
    setNote(null);
    setStep(result.data);
    // The page's list of this meter's cases now holds this one.
    router.refresh();
  }

  async function confirm() {
    setBusy(true);
    const result = await confirmMeterForCareAction({ saleId });
    setBusy(false);
    if (!result.ok) return setNote(result.error);
    setNote(null);
    setConfirmed(result.data);
  }

  const show = (n: number | null) => (n === null ? "—" : String(n));
  return (
    <section aria-labelledby="meter-shows" className="flex flex-col gap-3">
      <h2 id="meter-shows" className="text-xl font-semibold">
        What does the meter show?
      </h2>
      <div className="flex flex-wrap gap-4">
        <Checkbox
          checked={otherMeter}
          onChange={(e) => setOtherMeter(e.target.checked)}
          label={`The number on the customer's meter is not ${meterNumber}`}
        />
        {keyChange && (
          <Checkbox
            checked={keyChangeEntered}
            onChange={(e) => setKeyChangeEntered(e.target.checked)}
            label="Both key-change tokens are already in"
          />
        )}
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              data-code={c.id}
              disabled={busy}
              onClick={() => pick(c.id)}
              className="flex w-full flex-col items-start gap-1 rounded-lg border border-slate-400 bg-white p-2 text-left hover:bg-slate-50 disabled:opacity-60"
            >
              {c.picture}
              <span className="text-sm">
                <strong>{c.makes}:</strong> {c.meaning}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={confirm}
          disabled={busy}
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3"
        >
          Confirm the meter with the municipality
        </button>
        {confirmed && (
          <span data-testid="confirmed-codes">
            The municipality&apos;s records now: SGC {show(confirmed.sgc)} / KRN{" "}
            {show(confirmed.krn)} / TI {show(confirmed.ti)}
          </span>
        )}
      </div>
      <p aria-live="polite" className="text-danger">
        {note}
      </p>
      {step && (
        <section
          ref={stepRef}
          tabIndex={-1}
          role="status"
          aria-label="Next step"
          data-outcome={step.outcome}
          className="flex flex-col gap-2 rounded-lg border-2 border-brand bg-white p-3"
        >
          <h3 className="text-lg font-semibold">{step.title}</h3>
          <ul className="flex flex-col gap-1">
            {step.steps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
