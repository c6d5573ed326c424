import "server-only";
import { checkBalance, isUpstreamError } from "@/lib/upstream";
import type { Cents } from "@/lib/money";
import { normaliseMobileNumber } from "@/lib/kinds/vas/mobile";

/** How far before and after a sale the core service's receipts are shown: its clock and Kassa's may differ. */
const AROUND_MS = 10 * 60_000;
/** At most this many receipts per sale, the nearest in time: a busy shop sells many airtimes in 20 minutes. */
const MOST = 25;

/** A VAS sale the core service never confirmed, as the unresolved list knows it. */
export interface UnconfirmedVas {
  saleId: string;
  createdAt: Date;
  amountCents: Cents;
  /** "27821234567", or null for a product that goes to no phone. */
  recipient: string | null;
}

/** One receipt of the merchant balance (a sale the core service booked), beside a Kassa sale. */
export interface CoreReceipt {
  transactionId: string;
  at: Date;
  amountCents: Cents;
  /** The VAS category's slot: airtime, data, lotto, voucher. */
  slot: string | null;
  /** The mobile number it went to, as the core service states it. */
  number: string | null;
  receipt: string | null;
  /** Same amount and same mobile number as the sale: most likely the sale itself. */
  matches: boolean;
}

export type CoreRecords =
  { ok: true; from: Date; to: Date; receipts: CoreReceipt[] } | { ok: false; error: string };

const sameNumber = (a: string | null, b: string | null) =>
  (a === null ? null : (normaliseMobileNumber(a) ?? a)) ===
  (b === null ? null : (normaliseMobileNumber(b) ?? b));

/**
 * The core service's own records around each not-confirmed VAS sale: the merchant balance's
 * receipts of the VAS slots from `AROUND_MS` before the sale to `AROUND_MS` after it, with
 * their transaction ids and amounts, so that a supervisor matches the sale instead of guessing.
 * One call for all of them (the widest period); a failure is said per sale, never thrown.
 */
export async function vasRecordsAround(
  unconfirmed: readonly UnconfirmedVas[],
  now: Date = new Date(),
): Promise<Map<string, CoreRecords>> {
  const records = new Map<string, CoreRecords>();
  if (unconfirmed.length === 0) return records;
  const windowOf = (s: UnconfirmedVas) => ({
    from: new Date(s.createdAt.getTime() - AROUND_MS),
    to: new Date(Math.min(now.getTime(), s.createdAt.getTime() + AROUND_MS)),
  });
  const from = new Date(Math.min(...unconfirmed.map((s) => windowOf(s).from.getTime())));
  const to = new Date(Math.max(...unconfirmed.map((s) => windowOf(s).to.getTime())));
  let booked: Omit<CoreReceipt, "matches">[];
  try {
    const balance = await checkBalance(
      { withReceipts: { from, to } },
      { timeoutMs: 5_000, maxAttempts: 1 },
    );
    booked = balance.services
      .filter((s) => s.service === "vas")
      .flatMap((s) =>
        (s.receipts ?? []).map((r) => ({
          transactionId: r.transactionId,
          at: r.at,
          amountCents: r.amountCents,
          slot: s.slot,
          number: r.meterNumber,
          receipt: r.receipt,
        })),
      );
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    for (const s of unconfirmed) records.set(s.saleId, { ok: false, error: error.cashierMessage });
    return records;
  }
  for (const sale of unconfirmed) {
    const w = windowOf(sale);
    const near = (r: { at: Date }) => Math.abs(r.at.getTime() - sale.createdAt.getTime());
    const receipts = booked
      .filter((r) => r.at >= w.from && r.at <= w.to)
      .sort((a, b) => near(a) - near(b))
      .slice(0, MOST)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((r) => ({
        ...r,
        matches: r.amountCents === sale.amountCents && sameNumber(r.number, sale.recipient),
      }));
    records.set(sale.saleId, { ok: true, ...w, receipts });
  }
  return records;
}
