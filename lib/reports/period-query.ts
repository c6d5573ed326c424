/**
 * A report's period from the page's query string (?period=week&day=2026-11-24, or
 * ?period=range&day=…&to=…), checked; anything missing or wrong falls back to `fallback`
 * around today, with the message for the form. Pure.
 */
import { z } from "zod";
import { isSaDay, saToday } from "./day";
import { PERIOD_KINDS, periodOf, type Period, type PeriodKind } from "./period";

const querySchema = z.object({
  period: z.enum(PERIOD_KINDS).optional(),
  day: z.string().refine(isSaDay, "Choose a date.").optional(),
  to: z.string().refine(isSaDay, "Choose a date.").optional(),
});

export interface PeriodQuery {
  period?: string;
  day?: string;
  to?: string;
}

/** A range longer than this is refused: a report reads every sale of its period. */
const LONGEST_RANGE_DAYS = 400;

export function periodFromQuery(
  query: PeriodQuery,
  fallback: PeriodKind,
  now = new Date(),
): { period: Period; error: string | null } {
  const today = saToday(now);
  const parsed = querySchema.safeParse({
    period: query.period || undefined,
    day: query.day || undefined,
    to: query.to || undefined,
  });
  if (!parsed.success)
    return { period: periodOf(fallback, today), error: parsed.error.issues[0]!.message };
  const kind = parsed.data.period ?? fallback;
  const period = periodOf(kind, parsed.data.day ?? today, parsed.data.to ?? parsed.data.day);
  const days = (period.end.getTime() - period.start.getTime()) / 86_400_000;
  if (days > LONGEST_RANGE_DAYS)
    return {
      period: periodOf(fallback, today),
      error: `A range is at most ${LONGEST_RANGE_DAYS} days.`,
    };
  return { period, error: null };
}

/** The query string of a period, for links (CSV, the period before). */
export function periodSearch(period: Period): string {
  const params = new URLSearchParams({ period: period.kind, day: period.from });
  if (period.kind === "range") params.set("to", period.to);
  return params.toString();
}
