import "server-only";
import { and, eq, gte, lt } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { saleCommissions, sales } from "@/lib/db/schema";
import { catchUpCommissions } from "@/lib/commission/record";
import { salesWithNames } from "@/lib/sales/with-names";
import type { PeriodSale } from "./summary";

/**
 * The completed sales made in [start, end) with their commission, till and cashier. Commission
 * missing for any completed sale is computed first (the catch-up pass), so a report never
 * leaves a sale out of the commission.
 */
export async function periodSales(
  database: Db,
  range: { start: Date; end: Date },
): Promise<PeriodSale[]> {
  await catchUpCommissions(database);
  const rows = await salesWithNames(database, {
    kind: sales.kind,
    method: sales.method,
    amountCents: sales.amountCents,
    commissionCents: saleCommissions.cents,
    createdAt: sales.createdAt,
    request: sales.request,
  })
    .leftJoin(saleCommissions, eq(saleCommissions.saleId, sales.id))
    .where(
      and(
        eq(sales.status, "completed"),
        gte(sales.createdAt, range.start),
        lt(sales.createdAt, range.end),
      ),
    );
  return rows.map(({ request, commissionCents, ...row }) => {
    const fields = (request ?? {}) as Record<string, unknown>;
    return {
      ...row,
      commissionCents: commissionCents ?? 0,
      municipality: typeof fields.municipality === "string" ? fields.municipality : null,
      productName:
        row.kind === "vas" && typeof fields.productName === "string" ? fields.productName : null,
    };
  });
}
