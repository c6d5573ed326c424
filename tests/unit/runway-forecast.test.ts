import { describe, expect, it } from "vitest";
import { forecastRunway, nextBusinessMorning } from "@/lib/runway/forecast";
import { shopHistory, typicalCents } from "@/bench/lib/shop-history";

const HOUR = 3_600_000;
const sa = (local: string) => new Date(`${local}+02:00`);
/** Monday 2026-11-23 in South Africa; history from six weeks before. */
const SINCE = sa("2026-10-12T00:00:00");

/** The typical shape, without noise: every weekday and hour sells exactly its typical amount. */
const regular = shopHistory({ seed: 1, from: SINCE, to: sa("2026-11-30T00:00:00"), noise: 0 })
  // Without the pay-day weeks: a shape that repeats exactly every week.
  .map((h) => {
    const at = new Date(h.hourStart.getTime() + 2 * HOUR);
    return { ...h, cents: typicalCents(at.getUTCDay(), at.getUTCHours()) };
  });
const before = (now: Date) => regular.filter((h) => h.hourStart < now);

describe("forecastRunway", () => {
  it("runs the float out at the pace of the same weekday and hour", () => {
    // Monday 10:00: 10, 11 sell R 1 200 each, 12 and 13 R 2 160 each.
    const now = sa("2026-11-23T10:00:00");
    const f = forecastRunway({
      now,
      balanceCents: 120_000 + 120_000 + 216_000 + 108_000,
      hours: before(now),
      historySince: SINCE,
      until: nextBusinessMorning(now),
    });
    expect(f.confidence).toBe("high");
    expect(f.weeksOfHistory).toBe(4);
    expect(f.runwayHours).toBeCloseTo(3.5, 6);
    // Every week sold the same: the soonest and the latest agree.
    expect(f.soonestHours).toBeCloseTo(3.5, 6);
    expect(f.latestHours).toBeCloseTo(3.5, 6);
  });

  it("counts only what is left of the current hour", () => {
    const now = sa("2026-11-23T10:30:00");
    const f = forecastRunway({
      now,
      balanceCents: 60_000 + 60_000,
      hours: before(now),
      historySince: SINCE,
      until: nextBusinessMorning(now),
    });
    expect(f.runwayHours).toBeCloseTo(1, 6); // half of 10:00, half of 11:00
  });

  it("gives the deposit needed to last until the next business morning, across a quiet Sunday", () => {
    // Friday 17:30: half of 17:00 (R 1 800), 18:00 (R 1 200); Saturday 08-14 (R 960 an hour, R 1 728
    // at 12 and 13); Sunday nothing; Monday 07:00 (R 1 200).
    const now = sa("2026-11-27T17:30:00");
    const until = nextBusinessMorning(now);
    expect(until).toEqual(sa("2026-11-30T08:00:00"));
    const f = forecastRunway({
      now,
      balanceCents: 100_000,
      hours: before(now),
      historySince: SINCE,
      until,
    });
    const expected = 90_000 + 120_000 + (4 * 96_000 + 2 * 172_800) + 120_000;
    expect(f.expectedUntilCents).toBe(expected);
    expect(f.depositCents).toBe(expected - 100_000);
  });

  it("is later for the quietest week and sooner for the busiest on a noisy history", () => {
    const noisy = shopHistory({ seed: 7, from: SINCE, to: sa("2026-11-30T00:00:00") });
    const now = sa("2026-11-24T09:00:00");
    const f = forecastRunway({
      now,
      balanceCents: 500_000,
      hours: noisy.filter((h) => h.hourStart < now),
      historySince: SINCE,
      until: nextBusinessMorning(now),
    });
    expect(f.soonestHours!).toBeLessThan(f.runwayHours!);
    expect(f.latestHours!).toBeGreaterThan(f.runwayHours!);
    expect(f.depositBusyCents).toBeGreaterThanOrEqual(f.depositCents);
  });

  it("says so with too little history, and gives no figure with none", () => {
    const now = sa("2026-11-23T10:00:00");
    const since = sa("2026-11-20T10:00:00");
    const rough = forecastRunway({
      now,
      balanceCents: 100_000,
      hours: before(now).filter((h) => h.hourStart >= since),
      historySince: since,
      until: nextBusinessMorning(now),
    });
    expect(rough.confidence).toBe("rough");
    expect(rough.weeksOfHistory).toBe(0);
    expect(rough.daysOfHistory).toBe(3);
    expect(rough.runwayHours).not.toBeNull();
    const none = forecastRunway({
      now,
      balanceCents: 100_000,
      hours: [],
      historySince: now,
      until: nextBusinessMorning(now),
    });
    expect(none).toMatchObject({ confidence: "none", runwayHours: null, depositCents: 0 });
  });

  it("uses the minutes there are when the shop has sold for under an hour", () => {
    const now = sa("2026-11-23T10:20:00");
    const f = forecastRunway({
      now,
      balanceCents: 30_000,
      // R 100 sold in the 20 minutes since Kassa started: R 300 an hour.
      hours: [{ hourStart: sa("2026-11-23T10:00:00"), cents: 10_000 }],
      historySince: sa("2026-11-23T10:00:00"),
      until: nextBusinessMorning(now),
    });
    expect(f.confidence).toBe("rough");
    expect(f.runwayHours).toBeCloseTo(1, 6);
  });

  it("finds no run-out within the horizon for a shop that sells nothing", () => {
    const now = sa("2026-11-23T10:00:00");
    const f = forecastRunway({
      now,
      balanceCents: 1,
      hours: [],
      historySince: SINCE,
      until: nextBusinessMorning(now),
    });
    expect(f.confidence).toBe("high");
    expect(f.runwayHours).toBeNull();
  });
});

describe("nextBusinessMorning", () => {
  it("is 08:00 of the next weekday", () => {
    expect(nextBusinessMorning(sa("2026-11-24T06:00:00"))).toEqual(sa("2026-11-24T08:00:00"));
    expect(nextBusinessMorning(sa("2026-11-24T08:00:00"))).toEqual(sa("2026-11-25T08:00:00"));
    expect(nextBusinessMorning(sa("2026-11-28T10:00:00"))).toEqual(sa("2026-11-30T08:00:00"));
  });
});
