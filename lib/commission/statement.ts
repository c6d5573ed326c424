import "server-only";
import { db } from "@/lib/db";
import type { Cents } from "@/lib/money";
import { periodOf } from "@/lib/reports/period";
import { periodSales } from "@/lib/reports/period-sales";
import { statedCommission } from "./rates";

export interface StatementCheck {
  month: string;
  /** Kassa's commission on the month's completed sales. */
  kassaCents: Cents;
  /** As the owner typed it from the provider's statement; null until typed. */
  statedCents: Cents | null;
  /** Stated minus Kassa's: positive means the provider credited more than Kassa expects. */
  differenceCents: Cents | null;
  saleCount: number;
}

/** A month's commission in Kassa against the figure on the provider's statement. */
export async function statementCheck(month: string): Promise<StatementCheck> {
  const period = periodOf("month", `${month}-01`);
  const rows = await periodSales(await db(), period);
  const kassaCents = rows.reduce((sum, row) => sum + row.commissionCents, 0);
  const statedCents = await statedCommission(month);
  return {
    month,
    kassaCents,
    statedCents,
    differenceCents: statedCents === null ? null : statedCents - kassaCents,
    saleCount: rows.length,
  };
}
