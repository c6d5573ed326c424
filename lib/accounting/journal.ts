/**
 * A day's (or a period's) books as journal entries, and those entries as the files Sage
 * Accounting and Xero import. Pure: the same figures always give the same bytes, so a period
 * exported twice gives the same file and references that never change (no duplicates on
 * re-import where the program matches references).
 *
 * Three files: Sage Business Cloud Accounting's journal import, Sage Pastel Partner and
 * Evolution's journal batch import, and Xero's manual journal import (docs/owner.md).
 *
 * Agency sales (prepaid, bills, fines, VAS) are the provider's money: each kind's takings
 * less the shop's commission post to that provider's liability account, the commission to
 * income (less the VAT inside it, to output VAT), and a drawer's variance to cash over/short.
 */
import { vatIncluded, type Cents } from "@/lib/money";
import { csvLines, toCsv } from "@/lib/reports/csv";
import { SALE_KINDS, type PaymentMethod, type SaleKind } from "@/lib/db/schema";
import { KIND_LABELS } from "@/lib/kinds/meta";
import { liabilityAccount, MAPPING_LABELS, type AccountMapping } from "./mapping";

/** Completed sales of one kind in one entry, with their commission. */
export interface KindTakings {
  kind: SaleKind;
  method: PaymentMethod;
  totalCents: Cents;
  commissionCents: Cents;
}

/** What one entry is made from: a Z report, or the day's sales outside any Z. */
export interface EntrySource {
  /** Stable: "Z-12" for Z report 12, "D-20261126" for a day's sales outside any Z. */
  reference: string;
  /** The South African day it belongs to, YYYY-MM-DD. */
  day: string;
  description: string;
  takings: KindTakings[];
  /** Counted minus expected (a Z report); negative: short. */
  varianceCents: Cents;
  payOutsCents: Cents;
}

export interface JournalLine {
  account: string;
  /** What the account is, in words, for the line's details. */
  accountName: string;
  debitCents: Cents;
  creditCents: Cents;
}

export interface JournalEntry {
  reference: string;
  day: string;
  description: string;
  lines: JournalLine[];
}

function line(
  mapping: AccountMapping,
  key: keyof AccountMapping,
  cents: Cents,
  side: "debit" | "credit",
  name = MAPPING_LABELS[key],
): JournalLine | null {
  if (cents === 0) return null;
  // A negative amount on one side is a positive amount on the other.
  const debit = (side === "debit") === cents > 0;
  return {
    account: mapping[key],
    accountName: name,
    debitCents: debit ? Math.abs(cents) : 0,
    creditCents: debit ? 0 : Math.abs(cents),
  };
}

export function entryOf(
  source: EntrySource,
  mapping: AccountMapping,
  vatPercent: number,
): JournalEntry {
  const sum = (pick: (t: KindTakings) => number, method?: PaymentMethod) =>
    source.takings
      .filter((t) => method === undefined || t.method === method)
      .reduce((s, t) => s + pick(t), 0);
  const commission = sum((t) => t.commissionCents);
  const vat = vatIncluded(commission, vatPercent);
  const lines: (JournalLine | null)[] = [
    line(
      mapping,
      "cashOnHand",
      sum((t) => t.totalCents, "cash"),
      "debit",
    ),
    line(
      mapping,
      "cardClearing",
      sum((t) => t.totalCents, "card"),
      "debit",
    ),
    ...SALE_KINDS.map((kind) => {
      const ofKind = source.takings.filter((t) => t.kind === kind);
      const owed = ofKind.reduce((s, t) => s + t.totalCents - t.commissionCents, 0);
      const liability = line(
        mapping,
        `liability_${kind}`,
        owed,
        "credit",
        `Provider liability: ${KIND_LABELS[kind]}`,
      );
      return liability && { ...liability, account: liabilityAccount(mapping, kind) };
    }),
    line(mapping, "commissionIncome", commission - vat, "credit"),
    line(mapping, "vatOnCommission", vat, "credit"),
    // Short (negative): the over/short account is debited and the cash credited; over: the reverse.
    line(mapping, "cashOverShort", -source.varianceCents, "debit"),
    line(mapping, "cashOnHand", source.varianceCents, "debit"),
    line(mapping, "cashPayouts", source.payOutsCents, "debit"),
    line(mapping, "cashOnHand", source.payOutsCents, "credit"),
  ];
  return {
    reference: source.reference,
    day: source.day,
    description: source.description,
    lines: lines.filter((l): l is JournalLine => l !== null),
  };
}

const rands = (cents: Cents) => (cents / 100).toFixed(2);
/** 2026-11-26 → 26/11/2026, the day-first dates both programs read in South Africa. */
const dayFirst = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

/** Sage Accounting's journal import columns (docs/owner.md cites its help page). */
export const SAGE_COLUMNS = [
  "Reference",
  "Date",
  "Description",
  "Ledger Account Number",
  "Details",
  "Analysis Type 1",
  "Analysis Type 2",
  "Analysis Type 3",
  "Tax Rate",
  "Debit",
  "Credit",
] as const;

/** One row per journal line; the lines of one journal share its Reference, Date and Description. */
export function sageCsv(entries: readonly JournalEntry[]): string {
  return toCsv(
    [...SAGE_COLUMNS],
    entries.flatMap((e) =>
      e.lines.map((l) => [
        `KASSA-${e.reference}`,
        dayFirst(e.day),
        e.description,
        l.account,
        l.accountName,
        "",
        "",
        "",
        "",
        l.debitCents ? rands(l.debitCents) : "",
        l.creditCents ? rands(l.creditCents) : "",
      ]),
    ),
  );
}

/** Xero's manual journal import columns (docs/owner.md cites its help page). */
export const XERO_COLUMNS = [
  "Narration",
  "Date",
  "Description",
  "AccountCode",
  "TaxRate",
  "Amount",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
] as const;

/** Xero groups the lines of one journal by narration and date; a debit is positive, a credit negative. */
export function xeroCsv(entries: readonly JournalEntry[], mapping: AccountMapping): string {
  return toCsv(
    [...XERO_COLUMNS],
    entries.flatMap((e) =>
      e.lines.map((l) => [
        `KASSA-${e.reference} ${e.description}`,
        dayFirst(e.day),
        l.accountName,
        l.account,
        mapping.xeroTaxRate,
        rands(l.debitCents - l.creditCents),
        "",
        "",
        "",
        "",
      ]),
    ),
  );
}

/**
 * Sage Pastel Partner and Evolution's journal batch import: no header row, 18 fields in this
 * order (Pastel's "Importing General Ledger / Cashbook Batches" specification, docs/owner.md).
 */
export const PASTEL_FIELDS = [
  "Period",
  "Date",
  "GDC",
  "Account Number",
  "Reference",
  "Description",
  "Amount",
  "Tax Type",
  "Tax Amount",
  "Open Item",
  "Projects Code",
  "Contra Account",
  "Exchange Rate",
  "Bank Exchange Rate",
  "Batch ID",
  "Discount Tax Type",
  "Discount Amount",
  "Home Amount",
] as const;

/** The financial period (1 to 12) of a day, the year starting in month `firstMonth`. */
export function pastelPeriod(ymd: string, firstMonth: number): number {
  return ((Number(ymd.slice(5, 7)) - firstMonth + 12) % 12) + 1;
}

/**
 * Pastel's references hold 8 characters: Z-12 → "KZ12", D-20261126 → "KD261126". Stable, as
 * the other files' references are, so a period imported twice shows the same references.
 */
export function pastelReference(reference: string): string {
  const day = /^D-\d{2}(\d{6})$/.exec(reference);
  return day ? `KD${day[1]}` : `K${reference.replace("-", "")}`.slice(0, 8);
}

/** One line per journal line, general ledger ("G"), no tax on the line (VAT is its own line); amounts debit positive. */
export function pastelCsv(entries: readonly JournalEntry[], mapping: AccountMapping): string {
  const firstMonth = Number(mapping.pastelFirstMonth);
  return csvLines(
    entries.flatMap((e) =>
      e.lines.map((l) => {
        const amount = rands(l.debitCents - l.creditCents);
        return [
          pastelPeriod(e.day, firstMonth),
          dayFirst(e.day),
          "G",
          // Pastel shows 8400/000 and imports 8400000.
          l.account.replaceAll("/", ""),
          pastelReference(e.reference),
          l.accountName.slice(0, 36),
          amount,
          0,
          "0.00",
          "",
          "",
          "",
          "",
          "",
          "",
          0,
          "0.00",
          amount,
        ];
      }),
    ),
  );
}
