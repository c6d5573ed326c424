import "server-only";
import { sql } from "drizzle-orm";
import { catchUpCommissions } from "@/lib/commission/record";
import { db } from "@/lib/db";
import type { Db } from "@/lib/db/open";
import { saleCommissions, sales, shifts, type PaymentMethod, type SaleKind } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Cents } from "@/lib/money";
import { saYmd } from "@/lib/reports/day";
import { zReportsClosedIn } from "@/lib/shifts/list";
import type { ZReport } from "@/lib/shifts/report";
import { entryOf, type EntrySource, type JournalEntry, type KindTakings } from "./journal";
import { accountMapping } from "./mapping-store";

/** When a completed sale settled: its settle time, else its last change (rows from before settle times were kept). */
const settledAt = sql.raw("coalesce(s.settled_at, s.updated_at)");

interface Takings {
  kind: SaleKind;
  method: PaymentMethod;
  totalCents: number;
  commissionCents: number;
}

async function takingsOf(
  database: Db,
  where: ReturnType<typeof sql>,
): Promise<(Takings & { group: string })[]> {
  const result = (await database.execute(sql`
    select s.kind, s.method, g.grp as "group", sum(s.amount_cents)::int as "totalCents",
      coalesce(sum(c.cents), 0)::int as "commissionCents"
    from ${sales} s
    left join ${saleCommissions} c on c.sale_id = s.id
    left join ${shifts} sh on sh.id = s.shift_id
    cross join lateral (select ${where} as grp) g
    where s.status = 'completed' and g.grp is not null
    group by s.kind, s.method, g.grp
    order by g.grp, s.kind, s.method`)) as unknown as {
    rows: (Takings & { group: string })[];
  };
  return result.rows.map((r) => ({
    ...r,
    totalCents: Number(r.totalCents),
    commissionCents: Number(r.commissionCents),
  }));
}

export interface DayBooks {
  entries: JournalEntry[];
  /** The Z reports closed in the period, as stored at close. */
  zReports: ZReport[];
  /** The same figures three ways, to the cent: the Z reports, the journal's sales, the export. */
  check: {
    zTotalCents: Cents;
    journalTotalCents: Cents;
    exportTakingsCents: Cents;
    balanced: boolean;
  };
}

/**
 * The books of [start, end): one entry per Z report closed in it (its own figures, commission
 * from its sales), and one per day for completed sales no Z report holds (a kiosk's, and sales
 * completed after their shift closed), dated the day they settled.
 */
export async function booksOf(range: { start: Date; end: Date }): Promise<DayBooks> {
  const database = await db();
  await catchUpCommissions(database);
  const zReports = (await zReportsClosedIn(database, range)).map(({ report }) => report);
  const start = range.start.toISOString();
  const end = range.end.toISOString();
  // A sale a Z report holds: completed in that shift by its close.
  const inZ = await takingsOf(
    database,
    sql`case when sh.closed_at >= ${start}::timestamptz and sh.closed_at < ${end}::timestamptz
      and ${settledAt} <= sh.closed_at then sh.id::text end`,
  );
  // Outside any Z: no shift, or settled after its shift closed; grouped by the day it settled.
  const outside = await takingsOf(
    database,
    sql`case when ${settledAt} >= ${start}::timestamptz and ${settledAt} < ${end}::timestamptz
      and (s.shift_id is null or (sh.closed_at is not null and ${settledAt} > sh.closed_at))
      then to_char(${settledAt} at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') end`,
  );
  const config = env();
  const mapping = await accountMapping();
  const sources: EntrySource[] = [
    ...zReports.map((z) => ({
      reference: `Z-${z.zNumber}`,
      day: saYmd(new Date(z.closedAt)),
      description: `Z report ${z.zNumber}, ${z.tillName}, ${z.openedBy}`,
      takings: z.lines.map((l) => ({
        kind: l.kind,
        method: l.method,
        totalCents: l.totalCents,
        commissionCents:
          inZ.find((t) => t.group === z.shiftId && t.kind === l.kind && t.method === l.method)
            ?.commissionCents ?? 0,
      })),
      varianceCents: z.varianceCents ?? 0,
      payOutsCents: z.payOutsCents ?? 0,
    })),
    ...[...new Set(outside.map((t) => t.group))].map((day) => ({
      reference: `D-${day.replaceAll("-", "")}`,
      day,
      description: `Sales outside a Z report, ${day}`,
      takings: outside.filter((t) => t.group === day) satisfies KindTakings[],
      varianceCents: 0,
      payOutsCents: 0,
    })),
  ];
  const entries = sources.map((s) => entryOf(s, mapping, config.vatPercent));
  const zTotalCents = zReports.reduce((sum, z) => sum + z.totalCents, 0);
  const journalTotalCents = [...inZ, ...outside].reduce((sum, t) => sum + t.totalCents, 0);
  const outsideCents = outside.reduce((sum, t) => sum + t.totalCents, 0);
  const exportTakingsCents = sources.reduce(
    (sum, s) => sum + s.takings.reduce((a, t) => a + t.totalCents, 0),
    0,
  );
  return {
    entries,
    zReports,
    check: {
      zTotalCents,
      journalTotalCents,
      exportTakingsCents,
      balanced:
        zTotalCents + outsideCents === journalTotalCents &&
        exportTakingsCents === journalTotalCents &&
        entries.every((e) => e.lines.reduce((s, l) => s + l.debitCents - l.creditCents, 0) === 0),
    },
  };
}
