/**
 * A seeded shop's sales per clock hour, for the float forecast's test and the bench: open
 * 07:00-19:00 on weekdays (busier at noon and after work), shorter on Saturday, closed on
 * Sunday; every hour's sales vary by ±`noise` around that shape, and pay-day weeks (the 25th
 * to the 1st) sell a third more. Pure and repeatable: the same seed, the same history.
 */
import { Rng } from "../soak/rng";

const HOUR_MS = 3_600_000;
const SA_OFFSET_MS = 2 * HOUR_MS;

export interface HistoryHour {
  hourStart: Date;
  cents: number;
}

/** The typical cents sold in a South African weekday (0 Sunday) and hour, before noise. */
export function typicalCents(weekday: number, hour: number): number {
  if (weekday === 0) return 0;
  const [open, close] = weekday === 6 ? [8, 14] : [7, 19];
  if (hour < open || hour >= close) return 0;
  const peak = hour === 12 || hour === 13 ? 1.8 : hour >= 16 && hour <= 17 ? 1.5 : 1;
  return Math.round(120_000 * peak * (weekday === 6 ? 0.8 : 1));
}

export function shopHistory(input: {
  seed: number;
  from: Date;
  to: Date;
  noise?: number;
}): HistoryHour[] {
  const rng = new Rng(input.seed);
  const noise = input.noise ?? 0.25;
  const hours: HistoryHour[] = [];
  for (
    let t = Math.ceil(input.from.getTime() / HOUR_MS) * HOUR_MS;
    t < input.to.getTime();
    t += HOUR_MS
  ) {
    const sa = new Date(t + SA_OFFSET_MS);
    const payday = sa.getUTCDate() >= 25 || sa.getUTCDate() === 1 ? 1.33 : 1;
    const base = typicalCents(sa.getUTCDay(), sa.getUTCHours()) * payday;
    if (base === 0) continue;
    hours.push({
      hourStart: new Date(t),
      cents: Math.round(base * (1 + noise * (2 * rng.next() - 1))),
    });
  }
  return hours;
}
