import { TextField } from "@/components/forms/text-field";

const METER = /^\d{11,13}$/;

/** A meter number as typed in the search (spaces and dashes dropped), and the meter it names, if any. */
export function typedMeter(raw: string | undefined): { typed: string; meterNumber: string | null } {
  const typed = (raw ?? "").replace(/[\s-]/g, "").slice(0, 20);
  return { typed, meterNumber: METER.test(typed) ? typed : null };
}

/**
 * "Find the meter": a plain GET form (the meter stands in the address, so a meter's story is a
 * link), with why a typed number cannot be a meter beside it. The office's meters page and the
 * till's "Token not accepted" share it.
 */
export function MeterSearch({
  typed,
  shown = typed,
  action,
  autoFocus,
}: {
  /** What was typed last (the address's `meter`). */
  typed: string;
  /** What the field shows: the meter found, else what was typed. */
  shown?: string;
  action?: string;
  autoFocus?: boolean;
}) {
  return (
    <form role="search" action={action} className="flex items-end gap-2">
      <TextField
        label="Meter number"
        name="meter"
        defaultValue={shown}
        inputMode="numeric"
        autoFocus={autoFocus}
        aria-describedby="meter-note"
        className="min-h-11 rounded border border-slate-400 px-3 py-2 font-mono"
      />
      <button
        type="submit"
        className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
      >
        Find the meter
      </button>
      <span id="meter-note" aria-live="polite" className="text-danger">
        {typed && !METER.test(typed) ? "A meter number has 11 or 13 digits." : ""}
      </span>
    </form>
  );
}
