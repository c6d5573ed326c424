import "server-only";
import { asc, eq } from "drizzle-orm";
import { db } from "@/lib/db";
import {
  cardOrders,
  cashMovements,
  sales,
  shifts,
  tills,
  users,
  type Shift,
} from "@/lib/db/schema";
import { paidNotDeliveredSql } from "@/lib/sales/card";
import { buildShiftReport, type ShiftReport } from "@/lib/reports/shift-report";
import type { DenominationCounts } from "@/lib/reports/denominations";
import type { Cents } from "@/lib/money";

/** What a Z report holds, stored as JSON on the shift at close and never changed after. */
export interface ZReport extends ShiftReport {
  zNumber: number;
  shiftId: string;
  tillName: string;
  openedBy: string;
  closedBy: string;
  openedAt: string;
  closedAt: string;
  denominations: DenominationCounts;
}

/** The shift's sales as they stand now: the X report, or the figures a Z report freezes. */
export async function shiftReportNow(
  shift: Shift,
  countedCashCents?: Cents | null,
): Promise<ShiftReport> {
  const database = await db();
  const rows = await database
    .select({
      kind: sales.kind,
      method: sales.method,
      status: sales.status,
      amountCents: sales.amountCents,
      paidNotDelivered: paidNotDeliveredSql,
    })
    .from(sales)
    .leftJoin(cardOrders, eq(cardOrders.saleId, sales.id))
    .where(eq(sales.shiftId, shift.id));
  const movements = await database
    .select({
      kind: cashMovements.kind,
      amountCents: cashMovements.amountCents,
      reason: cashMovements.reason,
      at: cashMovements.createdAt,
    })
    .from(cashMovements)
    .where(eq(cashMovements.shiftId, shift.id))
    .orderBy(asc(cashMovements.createdAt));
  return buildShiftReport({
    openingFloatCents: shift.openingFloatCents,
    sales: rows,
    cashMovements: movements.map((m) => ({ ...m, at: m.at.toISOString() })),
    countedCashCents,
  });
}

export interface ShiftView {
  shift: Shift;
  tillName: string;
  openedBy: string;
}

export async function findShift(id: string): Promise<ShiftView | undefined> {
  const database = await db();
  const [row] = await database
    .select({ shift: shifts, tillName: tills.name, openedBy: users.displayName })
    .from(shifts)
    .innerJoin(tills, eq(tills.id, shifts.tillId))
    .innerJoin(users, eq(users.id, shifts.userId))
    .where(eq(shifts.id, id))
    .limit(1);
  return row;
}

/** The stored Z report of a closed shift, exactly as written at close. */
export function storedZReport(shift: Shift): ZReport | null {
  return shift.zNumber !== null && shift.zReport ? (shift.zReport as ZReport) : null;
}
