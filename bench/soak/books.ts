import { parse } from "csv-parse/sync";
import { DEFAULT_MAPPING } from "@/lib/accounting/mapping";
import { saDayBounds, saYmd } from "@/lib/reports/day";
import type { Query } from "./world";

/**
 * The soak's day in the owner's books: the Sage and Xero journal files the office exports
 * (downloaded as a supervisor does, over HTTP) checked to the cent against the journal the
 * day left: every journal balances, each Z report's takings are that Z's total, and the
 * takings of the whole export are the journal's completed sales.
 */
export interface BooksFiles {
  /** The South African days exported, YYYY-MM-DD. */
  from: string;
  to: string;
  sage: string;
  xero: string;
}

/** The SA days a soak from `startMs` to `endMs` touched (one, or two across midnight). */
export function saDays(startMs: number, endMs: number): { from: string; to: string } {
  return { from: saYmd(new Date(startMs)), to: saYmd(new Date(endMs)) };
}

/** The accounts whose credits make up takings: what is owed to providers, and the commission. */
const TAKINGS_ACCOUNTS = new Set([
  DEFAULT_MAPPING.liability_electricity,
  DEFAULT_MAPPING.liability_bill,
  DEFAULT_MAPPING.liability_fines,
  DEFAULT_MAPPING.liability_vas,
  DEFAULT_MAPPING.commissionIncome,
  DEFAULT_MAPPING.vatOnCommission,
]);

const cents = (rands: string | undefined) => Math.round(Number(rands || "0") * 100);

function sumBy<T>(rows: T[], key: (r: T) => string, value: (r: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + value(r));
  return out;
}

export async function checkBooks(
  query: Query,
  files: BooksFiles,
): Promise<{ discrepancies: string[]; summary: Record<string, number> }> {
  const discrepancies: string[] = [];
  const sage = parse(files.sage, { columns: true }) as Record<string, string>[];
  const xero = parse(files.xero, { columns: true }) as Record<string, string>[];

  // 1. Every journal balances, in both files.
  for (const [reference, net] of sumBy(
    sage,
    (r) => r.Reference!,
    (r) => cents(r.Debit) - cents(r.Credit),
  ))
    if (net !== 0) discrepancies.push(`books: Sage journal ${reference} is off by ${net}c`);
  for (const [narration, net] of sumBy(
    xero,
    (r) => r.Narration!,
    (r) => cents(r.Amount),
  ))
    if (net !== 0) discrepancies.push(`books: Xero journal "${narration}" is off by ${net}c`);

  // 2. Each Z report's takings in the export are its total as stored at close.
  const takings = sumBy(
    sage.filter((r) => TAKINGS_ACCOUNTS.has(r["Ledger Account Number"]!)),
    (r) => r.Reference!,
    (r) => cents(r.Credit) - cents(r.Debit),
  );
  const start = saDayBounds(files.from).start.toISOString();
  const end = saDayBounds(files.to).end.toISOString();
  const shifts = await query(
    `select z_number, z_report from shifts
     where closed_at >= $1::timestamptz and closed_at < $2::timestamptz`,
    [start, end],
  );
  for (const shift of shifts) {
    const z = (
      typeof shift.z_report === "string" ? JSON.parse(shift.z_report) : shift.z_report
    ) as { totalCents?: number } | null;
    const total = z?.totalCents ?? 0;
    const exported = takings.get(`KASSA-Z-${String(shift.z_number)}`) ?? 0;
    if (exported !== total)
      discrepancies.push(
        `books: Z ${String(shift.z_number)} exported with ${exported}c of takings, its report says ${total}c`,
      );
  }

  // 3. The whole export's takings are the journal's completed sales of those days (a shift
  // still open is not in the books until its Z).
  const [journal] = await query(
    `select coalesce(sum(s.amount_cents), 0)::bigint as cents, count(*)::int as sales
     from sales s left join shifts sh on sh.id = s.shift_id
     where s.status = 'completed'
       and coalesce(s.settled_at, s.updated_at) >= $1::timestamptz
       and coalesce(s.settled_at, s.updated_at) < $2::timestamptz
       and (s.shift_id is null or sh.closed_at is not null)`,
    [start, end],
  );
  const journalCents = Number(journal?.cents ?? 0);
  const sageCents = [...takings.values()].reduce((a, b) => a + b, 0);
  const xeroCents = -xero
    .filter((r) => TAKINGS_ACCOUNTS.has(r.AccountCode!))
    .reduce((a, r) => a + cents(r.Amount), 0);
  if (sageCents !== journalCents)
    discrepancies.push(`books: Sage takings ${sageCents}c, journal ${journalCents}c`);
  if (xeroCents !== journalCents)
    discrepancies.push(`books: Xero takings ${xeroCents}c, journal ${journalCents}c`);
  return {
    discrepancies,
    summary: {
      journals: new Set(sage.map((r) => r.Reference)).size,
      zReports: shifts.length,
      takingsCents: journalCents,
      sales: Number(journal?.sales ?? 0),
    },
  };
}
