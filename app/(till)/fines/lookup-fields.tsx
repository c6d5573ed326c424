"use client";

import { useState } from "react";
import { LOOKUP_KINDS, LOOKUP_LABELS, checkLookup, type LookupKind } from "@/lib/fines/lookup-kind";

const HINTS: Record<LookupKind, string> = {
  id: "13 digits",
  registration: "YYYY/NNNNNN/NN",
  notice: "digits on the notice",
};

interface Props {
  busy: boolean;
  /** An error for the field last looked up (from the check or the core service). */
  error: { kind: LookupKind; message: string } | null;
  onLookUp(kind: LookupKind, value: string): void;
  onError(error: { kind: LookupKind; message: string }): void;
}

/**
 * Three fields, one "Look up fines": the field typed in last is the one used (typing in
 * one clears the others), so Enter in any field looks that number up.
 */
export function LookupFields({ busy, error, onLookUp, onError }: Props) {
  const [values, setValues] = useState<Record<LookupKind, string>>({
    id: "",
    registration: "",
    notice: "",
  });
  const [active, setActive] = useState<LookupKind>("id");

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkLookup(active, values[active]);
    // Checked here first: a number that cannot be right never leaves the browser.
    if (!checked.ok) onError({ kind: active, message: checked.message });
    else onLookUp(active, values[active]);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow"
      aria-label="Look up traffic fines"
    >
      <h1 className="text-2xl font-semibold">Traffic fines</h1>
      <div className="grid gap-3 md:grid-cols-3">
        {LOOKUP_KINDS.map((kind) => {
          const message = error?.kind === kind ? error.message : null;
          return (
            <div key={kind} className="flex flex-col gap-1">
              <label htmlFor={`fines-${kind}`} className="font-medium">
                {LOOKUP_LABELS[kind]}
              </label>
              <input
                id={`fines-${kind}`}
                name={kind}
                autoComplete="off"
                inputMode={kind === "registration" ? "text" : "numeric"}
                autoFocus={kind === "id"}
                placeholder={HINTS[kind]}
                value={values[kind]}
                onChange={(e) => {
                  setActive(kind);
                  setValues({ id: "", registration: "", notice: "", [kind]: e.target.value });
                }}
                aria-invalid={message ? true : undefined}
                aria-describedby={`fines-${kind}-error`}
                className="rounded border border-slate-400 px-3 py-2 font-mono text-lg"
              />
              <span
                id={`fines-${kind}-error`}
                aria-live="polite"
                className="min-h-6 text-sm text-danger"
              >
                {message}
              </span>
            </div>
          );
        })}
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="self-start rounded-lg bg-brand px-5 py-3 text-lg font-semibold text-white disabled:opacity-60"
      >
        Look up fines
      </button>
    </form>
  );
}
