import "server-only";
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { auditEvents, sales, shifts, tills, users, type AuditEvent } from "@/lib/db/schema";
import { saDayBounds } from "@/lib/reports/day";
import { formatRand } from "@/lib/money";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  username?: string;
  kind?: string;
  /** A South African day, YYYY-MM-DD. */
  day?: string;
  tillId?: string;
  /** A cashier's user id: what they did, and what was done to their sales and shifts. */
  cashierId?: string;
  page: number;
}

/** Event names in words, for the supervisor's log. */
const KIND_LABELS: Record<string, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  account_locked: "Account locked",
  sign_out: "Signed out",
  access_refused: "Access refused",
  rate_limited: "Too many attempts",
  step_up_refused: "Override confirmation refused",
  totp_enabled: "Authenticator turned on",
  totp_disabled: "Authenticator turned off",
  sale_recorded: "Sale recorded",
  sale_claimed: "Sale being sent",
  sale_settled: "Sale settled",
  sale_retried: "Sale retried",
  sale_completed: "Sale completed",
  sale_failed: "Sale failed",
  sale_unknown: "Sale not confirmed",
  sale_interrupted: "Sale interrupted by a stop",
  sale_not_sent: "Sale never sent",
  sale_resolved: "Sale resolved by a supervisor",
  card_sale_not_started: "Card payment could not start",
  card_sale_unverified: "Card payment not verified",
  card_sale_not_paid: "Card payment not made",
  card_sale_unverified_not_paid: "Unverified card payment found not made",
  card_sale_paid_not_delivered: "Paid by card, not delivered",
  card_sale_cancelled_at_till: "Card payment cancelled at the till",
  card_sale_paid_after_cancel: "Paid by card after the till cancelled",
  card_sale_delivered_at_till: "Paid after cancel: delivered at the till",
  card_sale_owed_back: "Paid after cancel: owed back to the customer",
  card_order_claimed: "Card order being opened",
  card_order_cancelled: "Card payment cancelled",
  card_order_closed: "Card payment closed",
  card_refund_owed: "Card refund owed",
  card_order_paid_not_delivered: "Card order paid, not delivered",
  card_order_delivered: "Late card payment delivered",
  card_order_refunded: "Late card payment refunded outside Kassa",
  fines_rechecked: "Fines checked with the registry",
  slip_reprinted: "Slip reprinted",
  slip_put_away: "Slip put away without printing",
  slip_viewed: "Sale viewed in the office",
  card_order_created: "Card payment started",
  card_status_checked: "Card payment checked",
  shift_opened: "Shift opened",
  shift_closed: "Shift closed",
  shift_force_closed: "Shift closed by a supervisor",
  z_reprinted: "Z report reprinted",
  user_created: "User created",
  user_changed: "User changed",
  setting_changed: "Setting changed",
  commission_rate_added: "Commission rate added",
  commission_rate_withdrawn: "Commission rate withdrawn",
  commission_statement_entered: "Provider statement entered",
  accounts_mapped: "Accounting accounts set",
  owner_mail_sent: "E-mail to the owner",
  device_enrolled: "Browser enrolled as a till",
  device_revoked: "Till browser revoked",
  kiosk_closed: "Kiosk closed by a supervisor",
  print_attempted: "Slip sent to the printer",
  slip_printed: "Slip printed",
  print_failed: "Printing failed",
  drawer_opened: "Cash drawer opened",
  ledger_unreadable: "Card ledger could not be read",
  care_case_recorded: "Token not accepted: case recorded",
  care_tokens_reprinted: "Tokens reprinted in order",
  care_meter_confirmed: "Meter confirmed for a customer",
  token_sent: "Tokens or PIN sent to the customer",
  token_send_failed: "Sending to the customer failed",
};

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replace(/_/g, " ");

const SALE_KINDS = new Set([
  "sale_recorded",
  "sale_claimed",
  "sale_settled",
  "sale_retried",
  "sale_completed",
  "sale_failed",
  "sale_unknown",
  "sale_interrupted",
  "sale_not_sent",
  "sale_resolved",
  "card_sale_not_started",
  "card_sale_unverified",
  "card_sale_not_paid",
  "card_sale_unverified_not_paid",
  "card_sale_paid_not_delivered",
  "card_sale_cancelled_at_till",
  "card_sale_paid_after_cancel",
  "card_sale_delivered_at_till",
  "card_sale_owed_back",
  "card_order_claimed",
  "card_order_cancelled",
  "card_order_closed",
  "card_refund_owed",
  "card_order_paid_not_delivered",
  "card_order_delivered",
  "card_order_refunded",
  "fines_rechecked",
  "slip_reprinted",
  "slip_put_away",
  "slip_viewed",
  "card_order_created",
  "card_status_checked",
  "print_attempted",
  "slip_printed",
  "print_failed",
  "drawer_opened",
  "care_case_recorded",
  "care_tokens_reprinted",
  "care_meter_confirmed",
  "token_sent",
  "token_send_failed",
]);
const SHIFT_KINDS = new Set(["shift_opened", "shift_closed", "shift_force_closed", "z_reprinted"]);
const USER_KINDS = new Set([
  "user_created",
  "user_changed",
  "sign_in",
  "sign_in_failed",
  "account_locked",
  "sign_out",
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Where an event's subject can be opened: its sale, its shift, or the users list. */
export function subjectLink(kind: string, subject: string | null): string | null {
  if (!subject) return null;
  if (SALE_KINDS.has(kind) && UUID.test(subject)) return `/sales/${subject}`;
  if (SHIFT_KINDS.has(kind) && UUID.test(subject)) return `/shifts/${subject}`;
  if (USER_KINDS.has(kind)) return "/users";
  return null;
}

/** An event's detail as "key: value" lines; amounts (…Cents) in rand. */
export function detailLines(detail: Record<string, unknown> | null): string[] {
  if (!detail) return [];
  // `state` is the record's copy of the row as the change left it (the sale's own page shows the row).
  return Object.entries(detail)
    .filter(([key]) => key !== "state")
    .map(([key, value]) => {
      if (/Cents$/.test(key) && typeof value === "number")
        return `${key.replace(/Cents$/, "")}: ${formatRand(value)}`;
      return `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`;
    });
}

export interface AuditRow extends AuditEvent {
  displayName: string | null;
  tillName: string | null;
}

export async function queryAudit(
  filter: AuditFilter,
): Promise<{ rows: AuditRow[]; total: number }> {
  const database = await db();
  const where: SQL[] = [];
  if (filter.username) where.push(eq(auditEvents.username, filter.username));
  if (filter.kind) where.push(eq(auditEvents.kind, filter.kind));
  if (filter.tillId) where.push(eq(auditEvents.tillId, filter.tillId));
  if (filter.cashierId) {
    const theirSales = database
      .select({ id: sql<string>`${sales.id}::text` })
      .from(sales)
      .where(eq(sales.userId, filter.cashierId));
    const theirShifts = database
      .select({ id: sql<string>`${shifts.id}::text` })
      .from(shifts)
      .where(eq(shifts.userId, filter.cashierId));
    where.push(
      or(
        eq(auditEvents.userId, filter.cashierId),
        inArray(auditEvents.subject, theirSales),
        inArray(auditEvents.subject, theirShifts),
      )!,
    );
  }
  if (filter.day) {
    const { start, end } = saDayBounds(filter.day);
    where.push(gte(auditEvents.at, start), lt(auditEvents.at, end));
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    database
      .select({ event: auditEvents, displayName: users.displayName, tillName: tills.name })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.userId))
      .leftJoin(tills, eq(tills.id, auditEvents.tillId))
      .where(condition)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    database
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(condition),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.event, displayName: r.displayName, tillName: r.tillName })),
    total: count?.n ?? 0,
  };
}

/** The values the filters offer: kinds and user names in the log, every till, every cashier. */
export async function auditFilterChoices(): Promise<{
  kinds: string[];
  usernames: string[];
  tills: { id: string; name: string }[];
  cashiers: { id: string; name: string }[];
}> {
  const database = await db();
  const [kinds, names, allTills, cashiers] = await Promise.all([
    database
      .selectDistinct({ kind: auditEvents.kind })
      .from(auditEvents)
      .orderBy(asc(auditEvents.kind)),
    database
      .selectDistinct({ username: auditEvents.username })
      .from(auditEvents)
      .orderBy(asc(auditEvents.username)),
    database
      .select({ id: tills.id, name: tills.name })
      .from(tills)
      .orderBy(asc(tills.kind), asc(tills.id)),
    database
      .select({ id: users.id, name: users.displayName })
      .from(users)
      .where(eq(users.role, "cashier"))
      .orderBy(asc(users.displayName)),
  ]);
  return {
    kinds: kinds.map((k) => k.kind),
    usernames: names.map((n) => n.username).filter((n): n is string => Boolean(n)),
    tills: allTills,
    cashiers,
  };
}
