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
  sale_recorded: "Sale recorded",
  sale_settled: "Sale settled",
  sale_retried: "Sale retried",
  sale_resolved: "Sale resolved by a supervisor",
  fines_rechecked: "Fines checked with the registry",
  slip_reprinted: "Slip reprinted",
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
  device_enrolled: "Browser enrolled as a till",
  device_revoked: "Till browser revoked",
  print_attempted: "Slip sent to the printer",
  slip_printed: "Slip printed",
  print_failed: "Printing failed",
  drawer_opened: "Cash drawer opened",
  ledger_unreadable: "Card ledger could not be read",
};

export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.replace(/_/g, " ");

const SALE_KINDS = new Set([
  "sale_recorded",
  "sale_settled",
  "sale_retried",
  "sale_resolved",
  "fines_rechecked",
  "slip_reprinted",
  "slip_viewed",
  "card_order_created",
  "card_status_checked",
  "print_attempted",
  "slip_printed",
  "print_failed",
  "drawer_opened",
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
  return Object.entries(detail).map(([key, value]) => {
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
