import "server-only";
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db } from "@/lib/db";
import { auditEvents, type AuditEvent } from "@/lib/db/schema";
import { saDayBounds } from "@/lib/reports/day";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  username?: string;
  kind?: string;
  /** A South African day, YYYY-MM-DD. */
  day?: string;
  page: number;
}

export async function queryAudit(filter: AuditFilter): Promise<{ rows: AuditEvent[]; total: number }> {
  const database = await db();
  const where: SQL[] = [];
  if (filter.username) where.push(eq(auditEvents.username, filter.username));
  if (filter.kind) where.push(eq(auditEvents.kind, filter.kind));
  if (filter.day) {
    const { start, end } = saDayBounds(filter.day);
    where.push(gte(auditEvents.at, start), lt(auditEvents.at, end));
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    database
      .select()
      .from(auditEvents)
      .where(condition)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    database.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(condition),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The values the filters offer: every kind and user name that occurs in the log. */
export async function auditFilterChoices(): Promise<{ kinds: string[]; usernames: string[] }> {
  const database = await db();
  const [kinds, names] = await Promise.all([
    database.selectDistinct({ kind: auditEvents.kind }).from(auditEvents).orderBy(asc(auditEvents.kind)),
    database.selectDistinct({ username: auditEvents.username }).from(auditEvents).orderBy(asc(auditEvents.username)),
  ]);
  return { kinds: kinds.map((k) => k.kind), usernames: names.map((n) => n.username).filter((n): n is string => Boolean(n)) };
}
