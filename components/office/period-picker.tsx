import type { Period } from "@/lib/reports/period";

const KINDS = [
  ["day", "Day"],
  ["week", "Week"],
  ["month", "Month"],
  ["range", "Range"],
] as const;

/** The period of a report: a plain GET form, so every report is a link that can be kept. */
export function PeriodPicker({ period, error }: { period: Period; error: string | null }) {
  return (
    <form method="get" className="no-print flex flex-wrap items-end gap-3" aria-label="Period">
      <label className="flex flex-col gap-1">
        <span className="font-medium">Period</span>
        <select
          name="period"
          defaultValue={period.kind}
          className="min-h-11 rounded border border-slate-400 px-3 py-2"
        >
          {KINDS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">From (or the day in it)</span>
        <input
          type="date"
          name="day"
          defaultValue={period.from}
          aria-invalid={error ? true : undefined}
          aria-describedby="period-error"
          className="min-h-11 rounded border border-slate-400 px-3 py-2"
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-medium">To (a range only)</span>
        <input
          type="date"
          name="to"
          defaultValue={period.to}
          className="min-h-11 rounded border border-slate-400 px-3 py-2"
        />
      </label>
      <button
        type="submit"
        className="min-h-11 rounded-lg bg-brand px-4 py-2 font-semibold text-white"
      >
        Show
      </button>
      <p id="period-error" role={error ? "alert" : undefined} className="w-full text-danger">
        {error}
      </p>
    </form>
  );
}
