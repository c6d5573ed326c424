import "server-only";
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { db } from "@/lib/db";
import { auditEvents, recordChain, tills, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import {
  EXCEPTION_AUDIT_KINDS,
  findExceptions,
  totalsPerPerson,
  type ExceptionRules,
} from "./rules";
import type { ExceptionList } from "./words";

export interface ExceptionsReport extends ExceptionList {
  rules: ExceptionRules;
}

/** The rules as configured: KASSA_ALERT_VARIANCE_RANDS and KASSA_TRADING_HOURS. */
export function exceptionRules(): ExceptionRules {
  const config = env();
  return { varianceAlertCents: config.alertVarianceCents, tradingHours: config.tradingHours };
}

/**
 * The exceptions of [start, end), from the audit events the record seals (each with its entry
 * in the chain, or none while the sealer has not reached it), with the people and tills they
 * name and the totals per cashier and per supervisor.
 */
export async function exceptionsIn(range: { start: Date; end: Date }): Promise<ExceptionsReport> {
  const database = await db();
  const events = await database
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      userId: auditEvents.userId,
      role: auditEvents.role,
      tillId: auditEvents.tillId,
      kind: auditEvents.kind,
      subject: auditEvents.subject,
      detail: auditEvents.detail,
      seq: recordChain.seq,
    })
    .from(auditEvents)
    .leftJoin(recordChain, eq(recordChain.auditId, auditEvents.id))
    .where(
      and(
        gte(auditEvents.at, range.start),
        lt(auditEvents.at, range.end),
        inArray(auditEvents.kind, [...EXCEPTION_AUDIT_KINDS]),
      ),
    )
    .orderBy(asc(auditEvents.id));
  const rules = exceptionRules();
  const exceptions = findExceptions(events, rules);
  const people = new Set<string>();
  for (const x of exceptions)
    for (const id of [x.cashier, x.supervisor, x.doneBy, x.approvedBy]) if (id) people.add(id);
  const [named, tillRows] = await Promise.all([
    people.size
      ? database
          .select({ id: users.id, name: users.displayName })
          .from(users)
          .where(inArray(users.id, [...people]))
      : Promise.resolve([]),
    database.select({ id: tills.id, name: tills.name }).from(tills),
  ]);
  return {
    exceptions,
    cashiers: totalsPerPerson(exceptions, "cashier"),
    supervisors: totalsPerPerson(exceptions, "supervisor"),
    names: {
      people: new Map(named.map((u) => [u.id, u.name])),
      tills: new Map(tillRows.map((t) => [t.id, t.name])),
    },
    rules,
  };
}
