import type { Period } from "@/lib/reports/period";
import { QueryForm } from "@/components/forms/query-form";
import { TextField } from "@/components/forms/text-field";

const KINDS = [
  ["day", "Day"],
  ["week", "Week"],
  ["month", "Month"],
  ["range", "Range"],
] as const;

/** The period of a report: a plain GET form, so every report is a link that can be kept. */
export function PeriodPicker({ period, error }: { period: Period; error: string | null }) {
  return (
    <QueryForm submit="Show" label="Period" error={error} errorId="period-error">
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
      <TextField
        label="From (or the day in it)"
        type="date"
        name="day"
        defaultValue={period.from}
        error={error}
        aria-describedby="period-error"
        className="min-h-11 rounded border border-slate-400 px-3 py-2"
      />
      <TextField
        label="To (a range only)"
        type="date"
        name="to"
        defaultValue={period.to}
        className="min-h-11 rounded border border-slate-400 px-3 py-2"
      />
    </QueryForm>
  );
}
