import { formatRand } from "@/lib/money";
import { formatRunway } from "@/lib/office/balance-view";
import { formatSaDateTime } from "@/lib/reports/day";
import type { Confidence } from "@/lib/runway/forecast";
import type { RunwayNow } from "@/lib/runway/runway-now";
import { ActionForm, Field } from "@/components/office/action-form";
import { QueryForm } from "@/components/forms/query-form";
import { TextField } from "@/components/forms/text-field";
import { setRunwayWarnAction } from "./actions";
import { Warning } from "@/components/ui/warning";

const SURE: Record<Confidence, string> = {
  high: "Fairly sure: learnt from the same weekday and hour over the last four weeks.",
  medium: "Less sure: only two or three weeks of the same weekday and hour to learn from.",
  low: "Not very sure: only one week of the same weekday and hour to learn from.",
  rough:
    "A rough guess: less than a week of history, so every day (or, in the first hour, every minute) counts the same.",
  none: "Too little history to forecast: Kassa needs a few minutes of records first.",
};

/** "2026-11-27T08:00" in South African time, for a datetime-local field. */
function saLocal(at: Date): string {
  return new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 16);
}

/** How long the float lasts at the shop's pace, and what to deposit to last until a chosen moment. */
export function RunwaySection({
  runway,
  balanceCents,
  warnSource,
  untilError,
}: {
  runway: RunwayNow;
  balanceCents: number;
  warnSource: "setting" | "environment";
  untilError: string | null;
}) {
  const f = runway.forecast;
  const range =
    f.soonestHours !== null && f.latestHours !== null && f.soonestHours !== f.latestHours
      ? ` (between ${formatRunway(f.soonestHours)} on a busy week and ${formatRunway(f.latestHours)} on a quiet one)`
      : "";
  return (
    <section
      aria-labelledby="runway"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow"
    >
      <h2 id="runway" className="text-lg font-semibold">
        Runway
      </h2>
      <p data-testid="runway">
        {f.confidence === "none"
          ? "No forecast yet."
          : f.runwayHours === null
            ? `${formatRand(balanceCents)} lasts more than ${f.horizonHours / 24} days at this shop's pace.`
            : `${formatRand(balanceCents)} lasts ${formatRunway(f.runwayHours)} at this shop's pace, until about ${formatSaDateTime(new Date(runway.now.getTime() + f.runwayHours * 3_600_000))}${range}.`}
      </p>
      <p data-testid="runway-confidence" className="text-slate-700">
        {SURE[f.confidence]}
      </p>
      {runway.short && (
        <Warning>Shorter than the {runway.warnHours} hours the tills are warned at.</Warning>
      )}
      <QueryForm submit="Work out the deposit" error={untilError} errorId="until-error">
        <TextField
          label="Last until"
          type="datetime-local"
          name="until"
          defaultValue={saLocal(runway.until)}
          error={untilError}
          aria-describedby="until-error"
          className="min-h-11 rounded border border-slate-400 px-3 py-2"
        />
      </QueryForm>
      {f.confidence !== "none" && (
        <p>
          Until {formatSaDateTime(runway.until)} the shop is expected to sell{" "}
          {formatRand(f.expectedUntilCents)} ({formatRand(f.busyUntilCents)} on a busy week).
          Deposit needed: <strong data-testid="deposit-needed">{formatRand(f.depositCents)}</strong>
          {f.depositBusyCents > f.depositCents && (
            <>, or {formatRand(f.depositBusyCents)} to be safe on a busy week</>
          )}
          .
        </p>
      )}
      <h3 className="font-semibold">Runway warning</h3>
      <p className="text-slate-600">
        Now {runway.warnHours} hours (
        {warnSource === "setting" ? "set here" : "from KASSA_RUNWAY_WARN_HOURS"}); 0 turns it off.
      </p>
      <ActionForm action={setRunwayWarnAction} submitLabel="Save runway warning" done="Saved.">
        <Field
          name="hours"
          label="Warn when the float lasts less than (hours)"
          inputMode="decimal"
          defaultValue={String(runway.warnHours)}
        />
      </ActionForm>
    </section>
  );
}
