/**
 * What the owner's e-mails say, as plain text and simple HTML. Pure. They carry figures,
 * names of tills and cashiers, and links to the office; never a token, PIN, password, ID
 * number, meter, account or phone number (a sale is named by its kind, amount, till and time).
 */
import { formatRand, plainText, type Cents } from "@/lib/money";
import { formatRunway } from "@/lib/office/balance-view";
import type { Group } from "@/lib/reports/summary";
import { mailLine, totalLine, type ExceptionList } from "@/lib/exceptions/words";

export interface ShiftLine {
  zNumber: number;
  tillName: string;
  cashier: string;
  totalCents: Cents;
  varianceCents: Cents | null;
}

export interface UnresolvedLine {
  saleId: string;
  kind: string;
  amountCents: Cents;
  tillName: string;
  cashier: string;
  /** South African time, HH:MM. */
  at: string;
  minutes: number;
}

export interface RunwayLine {
  balanceCents: Cents;
  hours: number | null;
  confidence: string;
  depositCents: Cents;
  /** South African date and time the deposit lasts until. */
  until: string;
  short: boolean;
}

export interface DaySummary {
  day: string;
  merchantName: string;
  officeUrl: string;
  count: number;
  totalCents: Cents;
  commissionCents: Cents;
  byKind: Group[];
  shifts: ShiftLine[];
  openShifts: number;
  unresolved: UnresolvedLine[];
  owedCount: number;
  owedCents: Cents;
  runway: RunwayLine | null;
  varianceAlertCents: Cents;
  unresolvedAlertMinutes: number;
  /** The day's overrides and exceptions from the record (lib/exceptions). */
  record: ExceptionList;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function variance(cents: Cents | null): string {
  if (cents === null) return "not counted";
  if (cents === 0) return "exact";
  return `${cents < 0 ? "short" : "over"} ${formatRand(Math.abs(cents))}`;
}

function runwayWords(r: RunwayLine): string {
  const lasts =
    r.hours === null
      ? r.confidence === "none"
        ? "too little history to forecast the runway"
        : "lasts more than two weeks at this shop's pace"
      : `lasts ${formatRunway(r.hours)} at this shop's pace`;
  return `${formatRand(r.balanceCents)}: ${lasts} (${r.confidence} confidence). Deposit needed to last until ${r.until}: ${formatRand(r.depositCents)}.`;
}

/** The exceptions of the day, one sentence each: what the owner should look at. */
export function exceptionsOf(s: DaySummary): string[] {
  const out: string[] = [];
  for (const z of s.shifts)
    if (z.varianceCents !== null && Math.abs(z.varianceCents) > s.varianceAlertCents)
      out.push(`Z ${z.zNumber} (${z.tillName}, ${z.cashier}) closed ${variance(z.varianceCents)}.`);
  const late = s.unresolved.filter((u) => u.minutes >= s.unresolvedAlertMinutes);
  if (late.length)
    out.push(
      `${late.length} sale(s) not confirmed for more than ${s.unresolvedAlertMinutes} minutes.`,
    );
  if (s.owedCount)
    out.push(
      `${s.owedCount} card sale(s) paid, not delivered: ${formatRand(s.owedCents)} owed to customers.`,
    );
  if (s.runway?.short) out.push(`The float runs low: ${runwayWords(s.runway)}`);
  if (s.openShifts) out.push(`${s.openShifts} shift(s) still open.`);
  return out;
}

/** The summary lists at most this many of the record's exceptions; the office's page has them all. */
const RECORD_LINES = 30;

/** The record's overrides and exceptions of the day, one line each, then who had how many. */
function recordLines(s: DaySummary): string[] {
  const { exceptions, cashiers, supervisors, names } = s.record;
  if (!exceptions.length) return ["None."];
  const lines = exceptions.slice(0, RECORD_LINES).map((x) => mailLine(x, names));
  if (exceptions.length > RECORD_LINES)
    lines.push(
      `… and ${exceptions.length - RECORD_LINES} more: ${s.officeUrl}/exceptions?period=day&day=${s.day}`,
    );
  if (cashiers.length)
    lines.push(`Per cashier: ${cashiers.map((t) => totalLine(t, names)).join("; ")}`);
  if (supervisors.length)
    lines.push(`Per supervisor: ${supervisors.map((t) => totalLine(t, names)).join("; ")}`);
  return lines;
}

export function summaryMail(s: DaySummary): MailContent {
  const exceptions = exceptionsOf(s);
  const sections: [string, string[]][] = [
    [
      "Sales",
      [
        `${s.count} completed sales, ${formatRand(s.totalCents)}; commission ${formatRand(s.commissionCents)}.`,
        ...s.byKind.map(
          (g) =>
            `${g.label}: ${g.count} sales, ${formatRand(g.totalCents)}, commission ${formatRand(g.commissionCents)}`,
        ),
      ],
    ],
    [
      "Shifts closed",
      s.shifts.length
        ? s.shifts.map(
            (z) =>
              `Z ${z.zNumber}, ${z.tillName}, ${z.cashier}: ${formatRand(z.totalCents)}, cash ${variance(z.varianceCents)}`,
          )
        : ["None."],
    ],
    [
      "Not confirmed",
      s.unresolved.length
        ? s.unresolved.map(
            (u) =>
              `${u.kind} ${formatRand(u.amountCents)} at ${u.at}, ${u.tillName}, ${u.cashier} (${u.minutes} min): ${s.officeUrl}/sales/${u.saleId}`,
          )
        : ["None."],
    ],
    ["Float", [s.runway ? runwayWords(s.runway) : "The core service did not give the balance."]],
    ["Exceptions", exceptions.length ? exceptions : ["None."]],
    ["Overrides and exceptions in the record", recordLines(s)],
  ];
  const subject = `${s.merchantName}, ${s.day}: ${formatRand(s.totalCents)} sold, ${formatRand(s.commissionCents)} commission${exceptions.length ? `, ${exceptions.length} exception(s)` : ""}`;
  const text = [
    `${s.merchantName}: the day ${s.day}`,
    "",
    ...sections.flatMap(([title, lines]) => [title, ...lines.map((l) => `  ${l}`), ""]),
    `The office: ${s.officeUrl}/office`,
  ].join("\n");
  const html = [
    `<h1>${escape(s.merchantName)}: the day ${escape(s.day)}</h1>`,
    ...sections.map(
      ([title, lines]) =>
        `<h2>${escape(title)}</h2><ul>${lines.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>`,
    ),
    `<p><a href="${escape(s.officeUrl)}/office">The office</a></p>`,
  ].join("\n");
  // Mail programs show plain spaces and hyphens best; the screen's no-break forms stay on screen.
  return { subject: plainText(subject), text: plainText(text), html };
}

export interface Alert {
  /** Sent once per key (lib/owner-mail): "runway:2026-11-26", "variance:<shift>", "unresolved:<sale>". */
  key: string;
  subject: string;
  lines: string[];
}

export function alertMail(merchantName: string, officeUrl: string, alert: Alert): MailContent {
  const text = [...alert.lines, "", `The office: ${officeUrl}/office`].join("\n");
  const html = `${alert.lines.map((l) => `<p>${escape(l)}</p>`).join("\n")}\n<p><a href="${escape(officeUrl)}/office">The office</a></p>`;
  return { subject: plainText(`${merchantName}: ${alert.subject}`), text: plainText(text), html };
}

export function runwayAlert(day: string, r: RunwayLine, lowBalance: boolean): Alert {
  return {
    key: `runway:${day}`,
    subject:
      r.hours !== null
        ? `the float runs out in ${formatRunway(r.hours)}`
        : "the merchant balance is low",
    lines: [
      lowBalance
        ? `The merchant balance is below its warning amount: ${runwayWords(r)}`
        : `The merchant balance runs out soon: ${runwayWords(r)}`,
      "Top up the merchant account before sales start failing.",
    ],
  };
}

export function varianceAlert(z: ShiftLine & { shiftId: string }, officeUrl: string): Alert {
  return {
    key: `variance:${z.shiftId}`,
    subject: `Z ${z.zNumber} closed ${variance(z.varianceCents)}`,
    lines: [
      `${z.tillName}, ${z.cashier}: Z report ${z.zNumber} closed with the cash ${variance(z.varianceCents)} (sales ${formatRand(z.totalCents)}).`,
      `The Z report: ${officeUrl}/shifts/${z.shiftId}`,
    ],
  };
}

export function unresolvedAlert(u: UnresolvedLine, officeUrl: string): Alert {
  return {
    key: `unresolved:${u.saleId}`,
    subject: `a sale has not been confirmed for ${u.minutes} minutes`,
    lines: [
      `${u.kind} of ${formatRand(u.amountCents)} at ${u.at}, ${u.tillName}, ${u.cashier}: not confirmed for ${u.minutes} minutes.`,
      `Resolve it: ${officeUrl}/unresolved`,
    ],
  };
}

/** Whether today's summary is due at `now` (South African wall clock HH:MM from `time`). */
export function summaryDue(now: Date, time: string): boolean {
  const sa = new Date(now.getTime() + 2 * 3_600_000);
  const [h, m] = time.split(":").map(Number) as [number, number];
  return sa.getUTCHours() * 60 + sa.getUTCMinutes() >= h * 60 + m;
}
