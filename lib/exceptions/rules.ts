/**
 * The exceptions an owner must see, found in the audit events the record seals: each override
 * of a supervisor (a sale resolved, failed by hand or refunded; a shift closed for someone
 * else), a drawer opened without a sale, a meter's slips reprinted more than once, a cash-up
 * over or short by more than the alert amount, a sign-in outside trading hours. Each names
 * whose sale, shift or sign-in it was, who did it, who approved it and how, and the reason
 * written. Pure: lib/exceptions/read.ts reads the events and names the people.
 */
import type { ApprovalMethod } from "@/lib/auth/approval";
import { withinTradingHours, type TradingHours } from "./trading-hours";

/** Each kind of exception, in the owner's words. */
export const EXCEPTION_LABELS = {
  resolved: "Sale resolved by a supervisor",
  failed_by_hand: "Sale failed by hand",
  refund: "Refunded outside Kassa",
  force_close: "Shift closed by a supervisor",
  drawer_no_sale: "Drawer opened without a sale",
  meter_reprints: "Meter's slip reprinted again",
  cash_variance: "Cash over or short",
  after_hours_sign_in: "Sign-in outside trading hours",
} satisfies Record<string, string>;
export type ExceptionKind = keyof typeof EXCEPTION_LABELS;

/** The audit kinds the rules read (the reader asks the journal for these only). */
export const EXCEPTION_AUDIT_KINDS = [
  "sale_resolved",
  "shift_force_closed",
  "shift_closed",
  "drawer_opened",
  "slip_reprinted",
  "sign_in",
] as const;

/** One audit event as the rules read it; `seq`: its entry in the signed chain (null: not sealed yet). */
export interface ExceptionEvent {
  id: number;
  at: Date;
  userId: string | null;
  role: string | null;
  tillId: string | null;
  kind: string;
  subject: string | null;
  detail: Record<string, unknown> | null;
  seq: number | null;
}

export interface OwnerException {
  kind: ExceptionKind;
  at: Date;
  eventId: number;
  seq: number | null;
  /** Whose sale, shift or sign-in it was (a user id), when a cashier's. */
  cashier: string | null;
  /** The supervisor who did it or whose act it was (a user id). */
  supervisor: string | null;
  /** Who did it: the event's user. */
  doneBy: string | null;
  /** Who confirmed the override, and how (lib/auth/step-up.ts); null where none was asked. */
  approvedBy: string | null;
  approval: ApprovalMethod | null;
  reason: string | null;
  amountCents: number | null;
  /** The sale's kind (electricity …) where it is a sale's. */
  saleKind: string | null;
  saleId: string | null;
  shiftId: string | null;
  tillId: string | null;
  /** A meter reprinted again: its number (the office's page only, never the owner's mail), and the count. */
  meter: string | null;
  reprints: number | null;
}

export interface ExceptionRules {
  /** A cash-up over or short by more than this (KASSA_ALERT_VARIANCE_RANDS). */
  varianceAlertCents: number;
  /** KASSA_TRADING_HOURS; null: sign-ins are not checked. */
  tradingHours: TradingHours | null;
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const method = (v: unknown): ApprovalMethod | null => (v === "password" || v === "totp" ? v : null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function base(e: ExceptionEvent, kind: ExceptionKind): OwnerException {
  const d = obj(e.detail);
  return {
    kind,
    at: e.at,
    eventId: e.id,
    seq: e.seq,
    cashier: e.role === "cashier" ? e.userId : null,
    supervisor: e.role === "supervisor" ? e.userId : null,
    doneBy: e.userId,
    approvedBy: str(d.approvedById),
    approval: method(d.approval),
    reason: str(d.reason),
    amountCents: null,
    saleKind: null,
    saleId: null,
    shiftId: null,
    tillId: e.tillId,
    meter: null,
    reprints: null,
  };
}

function resolution(e: ExceptionEvent): OwnerException | null {
  const d = obj(e.detail);
  // A resolution of a sale writes one event for the sale and, with a card order, one for the
  // order in the same statement: the sale's names the exception.
  if (d.row === "card_order") return null;
  const kind: ExceptionKind =
    d.how === "refunded_outside_kassa"
      ? "refund"
      : d.how === "by_hand" && d.outcome === "failed"
        ? "failed_by_hand"
        : "resolved";
  const state = obj(d.state);
  return {
    ...base(e, kind),
    cashier: str(state.userId),
    supervisor: e.userId,
    amountCents: num(d.amountCents),
    saleKind: str(d.kind),
    saleId: e.subject,
    tillId: str(state.tillId) ?? e.tillId,
  };
}

function forceClose(e: ExceptionEvent): OwnerException {
  const d = obj(e.detail);
  return {
    ...base(e, "force_close"),
    cashier: str(d.cashierId),
    supervisor: e.userId,
    amountCents: num(d.varianceCents),
    shiftId: e.subject,
    tillId: str(d.tillId) ?? e.tillId,
  };
}

function variance(e: ExceptionEvent, rules: ExceptionRules): OwnerException | null {
  const d = obj(e.detail);
  const cents = num(d.varianceCents);
  if (cents === null || Math.abs(cents) <= rules.varianceAlertCents) return null;
  const state = obj(d.state);
  const cashier = str(state.userId);
  return {
    ...base(e, "cash_variance"),
    cashier,
    // Closed by someone else than its cashier: a supervisor's forced close.
    supervisor: e.userId !== cashier ? e.userId : null,
    reason: str(state.forceCloseReason),
    amountCents: cents,
    shiftId: e.subject,
    tillId: str(state.tillId) ?? e.tillId,
  };
}

function drawer(e: ExceptionEvent): OwnerException | null {
  const d = obj(e.detail);
  const why = str(d.for);
  if (!why?.startsWith("no_sale")) return null;
  return {
    ...base(e, "drawer_no_sale"),
    reason: why.replace(/^no_sale:?\s*/, "") || null,
    tillId: str(d.till) ?? e.tillId,
  };
}

/** Every reprint of an electricity slip whose meter was reprinted more than once in the events. */
function reprints(events: readonly ExceptionEvent[]): OwnerException[] {
  const byMeter = new Map<string, ExceptionEvent[]>();
  for (const e of events) {
    const d = obj(e.detail);
    const meter = str(d.reference);
    if (e.kind !== "slip_reprinted" || d.kind !== "electricity" || !meter) continue;
    byMeter.set(meter, [...(byMeter.get(meter) ?? []), e]);
  }
  const out: OwnerException[] = [];
  for (const [meter, list] of byMeter) {
    if (list.length < 2) continue;
    for (const e of list)
      out.push({
        ...base(e, "meter_reprints"),
        saleKind: "electricity",
        saleId: e.subject && UUID.test(e.subject) ? e.subject : null,
        meter,
        reprints: list.length,
      });
  }
  return out;
}

function signIn(e: ExceptionEvent, rules: ExceptionRules): OwnerException | null {
  // A kiosk is a device, not a person: its sign-ins are not a person's hours.
  if (!rules.tradingHours || e.role === "kiosk") return null;
  if (withinTradingHours(e.at, rules.tradingHours)) return null;
  return base(e, "after_hours_sign_in");
}

/** The exceptions among `events` (any order), oldest first. */
export function findExceptions(
  events: readonly ExceptionEvent[],
  rules: ExceptionRules,
): OwnerException[] {
  const out: OwnerException[] = [];
  for (const e of events) {
    const found =
      e.kind === "sale_resolved"
        ? resolution(e)
        : e.kind === "shift_force_closed"
          ? forceClose(e)
          : e.kind === "shift_closed"
            ? variance(e, rules)
            : e.kind === "drawer_opened"
              ? drawer(e)
              : e.kind === "sign_in"
                ? signIn(e, rules)
                : null;
    if (found) out.push(found);
  }
  out.push(...reprints(events));
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.eventId - b.eventId);
}

export interface PersonTotal {
  userId: string;
  total: number;
  byKind: Partial<Record<ExceptionKind, number>>;
  /** The sales' amounts resolved, failed or refunded by hand (a variance is not a sale). */
  saleCents: number;
}

/** How many exceptions each cashier (or each supervisor) has over the events' period, most first. */
export function totalsPerPerson(
  exceptions: readonly OwnerException[],
  role: "cashier" | "supervisor",
): PersonTotal[] {
  const totals = new Map<string, PersonTotal>();
  for (const x of exceptions) {
    const userId = role === "cashier" ? x.cashier : x.supervisor;
    if (!userId) continue;
    const t = totals.get(userId) ?? { userId, total: 0, byKind: {}, saleCents: 0 };
    t.total += 1;
    t.byKind[x.kind] = (t.byKind[x.kind] ?? 0) + 1;
    if (x.saleId && x.kind !== "meter_reprints") t.saleCents += x.amountCents ?? 0;
    totals.set(userId, t);
  }
  return [...totals.values()].sort((a, b) => b.total - a.total || a.userId.localeCompare(b.userId));
}
